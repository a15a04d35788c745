package io.proxybench.demo;

import io.proxybench.analysis.report.html.Section;
import java.util.List;

/**
 * What one step of the demo produced: its table as its own command prints it, the object results.json holds for it,
 * and its part of the HTML report.
 *
 * @param name the step's name, its key in results.json
 * @param table the table, lines ending in a newline
 * @param json the step's result, written by {@code ReportJson}
 * @param section the report's section: heading, what the seed found, the table and the plots
 */
public record StepResult(String name, String table, Object json, Section section) {

    /**
     * A step's result whose section is headed {@code heading} and holds one paragraph saying what the seed found
     * ({@code seed}), the table and the charts (SVG).
     */
    static StepResult of(String name, String table, Object json, String heading, String seed, List<String> charts) {
        return new StepResult(name, table, json, new Section(name, heading, List.of(seed), table, charts));
    }

    /** The table under its section's heading, as the demo prints it: a blank line, {@code == heading ==}, the table. */
    public String text() {
        return "\n== " + section.heading() + " ==\n" + table;
    }
}
