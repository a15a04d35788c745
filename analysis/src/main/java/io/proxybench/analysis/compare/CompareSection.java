package io.proxybench.analysis.compare;

import io.proxybench.analysis.report.Cells;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.analysis.report.html.Section;
import io.proxybench.analysis.report.html.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison as a part of the HTML report: the text output's table as an HTML table (a column per run, the best
 * of each row marked), its notes and verdicts under it, then {@link CompareCharts}' charts.
 */
public final class CompareSection {

    /** Run columns one table holds at the page's width; more runs are split over tables of this many. */
    static final int RUNS_PER_TABLE = 6;

    private CompareSection() {}

    /** The section of {@code comparison}, whose runs are {@code runs} in the same order. */
    public static Section of(Comparison comparison, List<ComparedRun> runs) {
        List<ColumnFigures> figures = comparison.runs();
        List<String> notes = new ArrayList<>(List.of("* best in its row"));
        comparison.notes().forEach(n -> notes.add("note: " + n));
        comparison.thresholds().forEach((label, verdicts) -> verdicts.forEach(v -> notes.add("threshold, " + label
                + ": " + v.line())));
        List<Table> tables = new ArrayList<>();
        for (int from = 0; from < figures.size(); from += RUNS_PER_TABLE) {
            int to = Math.min(figures.size(), from + RUNS_PER_TABLE);
            List<ColumnFigures> shown = figures.subList(from, to);
            List<Table.Row> rows = new ArrayList<>();
            for (Comparison.Row row : comparison.rows()) {
                List<String> cells = row.cells().subList(from, to);
                List<Table.Cell> marked = new ArrayList<>();
                for (int i = 0; i < shown.size(); i++) {
                    marked.add(new Table.Cell(cells.get(i), row.best().contains(shown.get(i).label())));
                }
                rows.add(new Table.Row(row.title(), cells.stream().allMatch(CompareSection::isFigure), marked));
            }
            tables.add(new Table("", shown.stream().map(f -> new Table.Column(f.label(),
                    String.join("\n", f.sources()))).toList(), rows, to == figures.size() ? notes : List.of()));
        }
        return new Section("compare", "Runs compared", List.of("Seed 002: compare providers on the same client,"
                + " test location and target, at one fixed rate, then on cost per accepted record, not per page."
                + " A chart follows for each measure on which the runs differ."), tables, "",
                CompareCharts.of(comparison, runs).stream().map(BarChart::svg).toList());
    }

    /** Whether a cell is a figure (a number first, after {@code >= } for a bound) or a missing one. */
    private static boolean isFigure(String cell) {
        return cell.equals(Cells.MISSING) || cell.matches("(>= )?[0-9].*");
    }
}
