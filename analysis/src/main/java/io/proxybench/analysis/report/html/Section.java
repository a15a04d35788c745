package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * One part of the report: a heading, a few lines of prose, tables, and charts.
 *
 * @param id the anchor the table of contents links to (letters, digits and dashes)
 * @param prose paragraphs of plain text (escaped when written)
 * @param tables HTML tables, after the prose
 * @param table a fixed-width table as a command printed it, shown as preformatted text after those; empty for none
 * @param charts SVG drawings from {@link LineChart#svg()} and {@link BarChart#svg()}, last
 */
public record Section(String id, String heading, List<String> prose, List<Table> tables, String table,
        List<String> charts) {

    public Section {
        if (!id.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("section id " + id + " must be lower-case letters, digits and dashes");
        }
        prose = List.copyOf(prose);
        tables = List.copyOf(tables);
        charts = List.copyOf(charts);
    }

    /** A section whose table is the fixed-width text a command printed. */
    public Section(String id, String heading, List<String> prose, String table, List<String> charts) {
        this(id, heading, prose, List.of(), table, charts);
    }
}
