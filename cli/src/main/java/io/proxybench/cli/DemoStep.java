package io.proxybench.cli;

import io.proxybench.analysis.report.html.Section;
import java.util.List;

/**
 * What one step of the demo produced: its table as the command prints it, the object its {@code --json} prints, and
 * its part of the HTML report.
 */
record DemoStep(String name, String table, Object json, Section section) {

    /** A step's section: its heading, one paragraph saying what the seed found, the table and the charts. */
    static Section section(String name, String heading, String seed, String table, List<String> charts) {
        return new Section(name, heading, List.of(seed), table, charts);
    }
}
