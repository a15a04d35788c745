package io.proxybench.analysis.report.html;

import java.util.List;

/**
 * A table of the report, written as HTML: a head row naming the columns, then rows whose first cell names the row,
 * then lines of notes under it. It takes the page's width and no more: the first column a fixed share, the others
 * the rest in equal parts; text wraps (a long word anywhere), and a column head longer than {@link #HEAD_CHARS}
 * characters is cut, its whole text in the head's tooltip.
 *
 * @param corner the head of the first column; empty for none
 * @param columns the value columns, in order
 * @param rows the body; each row has one cell per column
 * @param notes lines of plain text under the table
 */
public record Table(String corner, List<Column> columns, List<Row> rows, List<String> notes) {

    /** The longest column head shown whole, in characters. */
    static final int HEAD_CHARS = 32;

    /**
     * A value column.
     *
     * @param head its name
     * @param tooltip what the head's tooltip adds after the whole name (e.g. where the column's data came from);
     *     empty for nothing
     */
    public record Column(String head, String tooltip) {}

    /**
     * A row.
     *
     * @param heading its name, in the first column
     * @param numbers whether the cells are figures, which are set flush right so that their digits line up
     * @param cells one per column
     */
    public record Row(String heading, boolean numbers, List<Cell> cells) {

        public Row {
            cells = List.copyOf(cells);
        }
    }

    /**
     * One cell.
     *
     * @param best whether this is the best value of its row: shown in bold with {@code *} after it, as the text
     *     tables mark it
     */
    public record Cell(String text, boolean best) {}

    public Table {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        notes = List.copyOf(notes);
        for (Row row : rows) {
            if (row.cells().size() != columns.size()) {
                throw new IllegalArgumentException("row " + row.heading() + " has " + row.cells().size()
                        + " cells for " + columns.size() + " columns");
            }
        }
    }

    public String html() {
        StringBuilder s = new StringBuilder("<table>\n<colgroup><col class=\"heading\">");
        s.append("<col>".repeat(columns.size())).append("</colgroup>\n<thead><tr><th scope=\"col\">")
                .append(Svg.escape(corner)).append("</th>");
        for (Column column : columns) {
            String head = column.head();
            String tooltip = head + (column.tooltip().isEmpty() ? "" : "\n" + column.tooltip());
            String shown = head.length() > HEAD_CHARS ? head.substring(0, HEAD_CHARS - 1) + "…" : head;
            s.append("<th scope=\"col\" title=\"").append(Svg.escape(tooltip)).append("\">")
                    .append(Svg.escape(shown)).append("</th>");
        }
        s.append("</tr></thead>\n<tbody>\n");
        for (Row row : rows) {
            s.append("<tr><th scope=\"row\">").append(Svg.escape(row.heading())).append("</th>");
            for (Cell cell : row.cells()) {
                s.append("<td class=\"").append(row.numbers() ? "num" : "words").append(cell.best() ? " best" : "")
                        .append("\">").append(Svg.escape(cell.text())).append(cell.best() ? " *" : "").append("</td>");
            }
            s.append("</tr>\n");
        }
        s.append("</tbody>\n</table>\n");
        for (String note : notes) {
            s.append("<p class=\"note\">").append(Svg.escape(note)).append("</p>\n");
        }
        return s.toString();
    }
}
