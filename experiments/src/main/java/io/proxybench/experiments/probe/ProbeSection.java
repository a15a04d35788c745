package io.proxybench.experiments.probe;

import io.proxybench.analysis.report.Text;
import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.analysis.report.html.Section;
import io.proxybench.analysis.report.html.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** The report card as a part of the HTML report: a table row per line, each shown once, whole. */
public final class ProbeSection {

    private ProbeSection() {}

    /** Writes {@code card} as {@code dir/index.html}, a report of this section alone; returns the file. */
    public static Path write(ProbeCard card, Path dir) throws IOException {
        return new HtmlReport("proxybench probe", List.of("Made " + Instant.now() + " by proxybench probe for "
                + card.proxy()), List.of(of(card))).write(dir);
    }

    public static Section of(ProbeCard card) {
        String intro = Text.count(card.requests(), "request") + " in " + Math.round(card.seconds()) + " s"
                + (card.dialect() == null ? "; no session syntax given" : "; sessions in the " + card.dialect()
                + " dialect") + ".";
        List<Table.Row> rows = card.lines().stream().map(l -> new Table.Row(l.property(), false, List.of(
                new Table.Cell(l.value(), false), new Table.Cell(l.how(), false),
                new Table.Cell(l.certainty(), false)))).toList();
        Table table = new Table("property", List.of(new Table.Column("finding", ""),
                new Table.Column("how it was measured", ""), new Table.Column("how sure", "")), rows, List.of());
        List<String> prose = card.diagnosis() == null ? List.of(intro)
                : List.of("Stopped after the protocol checks: " + card.diagnosis().text().strip(), intro);
        return new Section("card", "Report card", prose, List.of(table), "", List.of());
    }
}
