package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * One part of the report: a heading, a few lines of prose, the command's table as it printed it, and charts.
 *
 * @param id the anchor the table of contents links to (letters, digits and dashes)
 * @param prose paragraphs of plain text (escaped when written)
 * @param table the fixed-width table, shown as preformatted text; empty for none
 * @param charts SVG drawings from {@link LineChart#svg()} and {@link BarChart#svg()}
 */
public record Section(String id, String heading, List<String> prose, String table, List<String> charts) {

    public Section {
        if (!id.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("section id " + id + " must be lower-case letters, digits and dashes");
        }
    }
}
