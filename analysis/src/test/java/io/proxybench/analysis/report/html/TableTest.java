package io.proxybench.analysis.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A table is HTML with heads, figures set right, the best marked, a long head cut with its whole text kept. */
class TableTest {

    private static final String LONG = "provider-with-a-name-much-longer-than-a-column";

    @Test
    void headsRowsAndMarks() {
        String html = new Table("", List.of(new Table.Column("a", "a.jsonl"), new Table.Column(LONG, "x/y.jsonl")),
                List.of(new Table.Row("p99", true, List.of(new Table.Cell("20 ms", true), new Table.Cell("29 ms",
                        false))), new Table.Row("failures <by> phase", false, List.of(new Table.Cell("none", false),
                        new Table.Cell("tls 1", false)))), List.of("note: a & b")).html();

        assertThat(html).contains("<th scope=\"col\" title=\"a\na.jsonl\">a</th>")
                .contains("<th scope=\"col\" title=\"" + LONG + "\nx/y.jsonl\">" + LONG.substring(0,
                        Table.HEAD_CHARS - 1) + "…</th>")
                .contains("<tr><th scope=\"row\">p99</th><td class=\"num best\">20 ms *</td>"
                        + "<td class=\"num\">29 ms</td></tr>")
                .contains("<th scope=\"row\">failures &lt;by&gt; phase</th><td class=\"words\">none</td>")
                .contains("<p class=\"note\">note: a &amp; b</p>");
    }

    @Test
    void aRowMustHaveACellPerColumn() {
        assertThatThrownBy(() -> new Table("", List.of(new Table.Column("a", "")), List.of(new Table.Row("r", true,
                List.of())), List.of())).hasMessageContaining("row r has 0 cells for 1 columns");
    }
}
