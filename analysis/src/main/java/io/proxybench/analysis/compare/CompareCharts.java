package io.proxybench.analysis.compare;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import java.util.ArrayList;
import java.util.List;

/** The charts of a comparison in the HTML report: a bar per run. */
public final class CompareCharts {

    private CompareCharts() {}

    /**
     * What every run's records came to (accepted, blocked, failed), its steady throughput, and its cost per 1,000
     * accepted records; a chart whose figure no run has is left out.
     */
    public static List<String> svgs(Comparison comparison) {
        List<RunFigures> runs = comparison.runs();
        List<String> charts = new ArrayList<>();
        charts.add(new BarChart("compare-outcomes", "What the records came to", "records",
                List.of("accepted", "hard block", "soft block", "other"), runs.stream().map(f -> new Bar(f.label(),
                        f.accepted(), f.hardBlocks(), f.softBlocks(),
                        f.records() - f.accepted() - f.hardBlocks() - f.softBlocks())).toList()).svg());
        if (runs.stream().anyMatch(f -> f.steadyOkPerSecond() != null)) {
            charts.add(new BarChart("compare-throughput", "Steady successful requests per second", "req/s",
                    List.of("median"), runs.stream().map(f -> new Bar(f.label(),
                            f.steadyOkPerSecond() == null ? 0 : f.steadyOkPerSecond())).toList()).svg());
        }
        if (runs.stream().anyMatch(f -> f.costPer1000Accepted() != null)) {
            charts.add(new BarChart("compare-cost", "Cost per 1,000 accepted records", "price units",
                    List.of("cost"), runs.stream().map(f -> new Bar(f.label(),
                            f.costPer1000Accepted() == null ? 0 : f.costPer1000Accepted())).toList()).svg());
        }
        return charts;
    }
}
