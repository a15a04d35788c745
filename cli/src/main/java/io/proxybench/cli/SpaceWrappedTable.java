package io.proxybench.cli;

import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.Help.TextTable;

/**
 * A help table whose wrapping columns break lines at spaces only. Picocli's own table breaks where the JDK's line
 * {@code BreakIterator} allows, which includes after {@code /}, {@code .}, {@code :} and {@code (}: inside
 * {@code HTTP/1.1}, {@code http://HOST:PORT} or {@code 127.0.0.1:3128}. Here each line of a wrapping column is a
 * run of whole words that fits the column (its indent, and on later lines {@link #indentWrappedLines}, included);
 * only a single word wider than the column is still cut, by picocli, as it cannot be placed otherwise.
 */
final class SpaceWrappedTable extends TextTable {

    /** A table with {@code template}'s columns: picocli's layout, this class's line breaks. */
    SpaceWrappedTable(ColorScheme scheme, TextTable template) {
        super(scheme, template.columns());
        setAdjustLineBreaksForWideCJKCharacters(template.isAdjustLineBreaksForWideCJKCharacters());
        indentWrappedLines = template.indentWrappedLines;
    }

    @Override
    public Cell putValue(int row, int col, Text value) {
        Column column = columns()[col];
        if (column.overflow != Column.Overflow.WRAP || value == null) {
            return super.putValue(row, col, value);
        }
        String plain = value.plainString();
        int width = column.width - column.indent;
        int start = 0;
        while (true) {
            int end = lineEnd(plain, start, width);
            Text line = value.substring(start, end);
            Cell cell = super.putValue(row, col, start == 0 ? line : spaces(value, indentWrappedLines).concat(line));
            start = nextWord(plain, end);
            if (start == plain.length()) {
                return cell;
            }
            addEmptyRow();
            row = cell.row + 1;
            width = column.width - column.indent - indentWrappedLines;
        }
    }

    /** Where the line that starts at {@code start} ends: at the last space that keeps it within {@code width}. */
    private static int lineEnd(String plain, int start, int width) {
        if (plain.length() - start <= width) {
            return plain.length();
        }
        int space = plain.lastIndexOf(' ', start + width);
        if (space > start) {
            return trimEnd(plain, start, space);
        }
        int after = plain.indexOf(' ', start);
        return after < 0 ? plain.length() : after;
    }

    private static int trimEnd(String plain, int start, int end) {
        while (end > start && plain.charAt(end - 1) == ' ') {
            end--;
        }
        return end;
    }

    private static int nextWord(String plain, int from) {
        while (from < plain.length() && plain.charAt(from) == ' ') {
            from++;
        }
        return from;
    }

    private static Text spaces(Text like, int count) {
        return like.substring(0, 0).concat(" ".repeat(count));
    }
}
