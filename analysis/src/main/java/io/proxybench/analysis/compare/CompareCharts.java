package io.proxybench.analysis.compare;

import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * The charts of a comparison in the HTML report: one per measure on which the runs differ, a bar (or a group of
 * bars) per run, in column order. A measure is the same for every run when its values, rounded to the three
 * significant digits the charts label bars with, are; a measure no run has above 0 draws nothing and gets no chart.
 * A run without the measure (a cost without a price) keeps its place, marked {@code -}; a part no run has (p99 on new
 * tunnels when every tunnel was reused) is left out.
 */
public final class CompareCharts {

    private static final List<String> PERCENTILES = List.of("p50", "p90", "p99");
    private static final MathContext SHOWN = new MathContext(3);

    private CompareCharts() {}

    /** One run as the charts read it: its figures, and the statistics of all its windows together. */
    private record Run(ColumnFigures figures, RunStatistics all) {}

    /**
     * What one chart would show.
     *
     * @param kind the chart's CSS class, {@code compare-...}
     * @param unit what the value axis counts
     * @param parts the legend: each run has a value per part
     * @param grouped the parts drawn one under another, each from 0 (percentiles, two counts), rather than end to
     *     end (the shares of a whole)
     * @param values a run's value of each part, NaN where it has none
     */
    private record Measure(String kind, String title, String unit, List<String> parts, boolean grouped,
            Function<Run, double[]> values) {}

    /**
     * The charts of {@code comparison}, whose runs are {@code runs} in the same order.
     *
     * @throws IllegalArgumentException when the two name other runs
     */
    public static List<BarChart> of(Comparison comparison, List<ComparedRun> runs) {
        List<String> labels = runs.stream().map(ComparedRun::label).toList();
        if (!labels.equals(comparison.runs().stream().map(ColumnFigures::label).toList())) {
            throw new IllegalArgumentException("the comparison is of other runs than " + labels);
        }
        List<Run> pooled = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunStatistics all = new RunStatistics();
            runs.get(i).windows().forEach(all::add);
            pooled.add(new Run(comparison.runs().get(i), all));
        }
        List<BarChart> charts = new ArrayList<>();
        for (Measure m : measures(pooled)) {
            List<double[]> values = pooled.stream().map(m.values()).toList();
            if (differ(values)) {
                int[] drawn = IntStream.range(0, m.parts().size())
                        .filter(p -> values.stream().anyMatch(v -> !Double.isNaN(v[p]))).toArray();
                List<Bar> bars = new ArrayList<>();
                for (int i = 0; i < pooled.size(); i++) {
                    double[] run = values.get(i);
                    bars.add(new Bar(labels.get(i), IntStream.of(drawn).mapToDouble(p -> run[p]).toArray()));
                }
                charts.add(new BarChart(m.kind(), m.title(), m.unit(),
                        IntStream.of(drawn).mapToObj(m.parts()::get).toList(), bars, m.grouped()));
            }
        }
        return charts;
    }

    /** Every measure, in the table's order where the table has it; each phase's after the latency rows. */
    private static List<Measure> measures(List<Run> runs) {
        List<Measure> measures = new ArrayList<>();
        List<String> outcomes = Arrays.stream(Outcome.values()).map(Outcome::jsonName)
                .filter(o -> runs.stream().anyMatch(r -> r.all().outcomes().counts().get(o) > 0)).toList();
        measures.add(new Measure("compare-outcomes", "What the records came to", "records",
                outcomes.stream().map(o -> o.replace('_', ' ')).toList(), false,
                r -> outcomes.stream().mapToDouble(o -> r.all().outcomes().counts().get(o)).toArray()));
        measures.add(one("compare-scheduled", CompareRow.SCHEDULED, "req/s", f -> f.scheduledPerSecond()));
        measures.add(one("compare-throughput", CompareRow.STEADY, "req/s", f -> f.steadyOkPerSecond()));
        measures.add(new Measure("compare-p99-tunnels", "p99 total, new and reused tunnels", "ms",
                List.of(CompareRow.P99_NEW.title(), CompareRow.P99_REUSED.title()), true,
                r -> values(r.figures().p99NewTunnelMs(), r.figures().p99ReusedTunnelMs())));
        for (Phase phase : Phase.values()) {
            if (runs.stream().anyMatch(r -> r.all().latency().of(phase) != null)) {
                measures.add(new Measure("compare-phase-" + phase.jsonName().replace('_', '-'),
                        phase.jsonName() + ": p50, p90 and p99 over the successes", "ms", PERCENTILES, true,
                        r -> percentiles(r.all().latency().of(phase))));
            }
        }
        measures.add(one("compare-success", CompareRow.SUCCESS, "% of records",
                f -> 100.0 * f.okAfterOneRetry() / f.records()));
        Set<String> failed = new TreeSet<>();
        runs.forEach(r -> failed.addAll(r.figures().failuresByPhase().keySet()));
        measures.add(new Measure("compare-failures", CompareRow.FAILURES.title(), "records", List.copyOf(failed),
                false, r -> failed.stream().mapToDouble(p -> r.figures().failuresByPhase().getOrDefault(p, 0L))
                        .toArray()));
        measures.add(new Measure("compare-exits", "unique exits", "distinct over the successes",
                List.of(CompareRow.EXIT_IPS.title(), CompareRow.SUBNETS.title()), true,
                r -> values((double) r.figures().uniqueIps(), (double) r.figures().uniqueSubnets())));
        measures.add(one("compare-asns", CompareRow.ASNS, "ASes of the exit IPs",
                f -> f.uniqueAsns() == null ? null : (double) f.uniqueAsns()));
        measures.add(one("compare-country", CompareRow.COUNTRY, "exit IPs",
                f -> f.ipsInCountry() == null ? null : (double) f.ipsInCountry()));
        measures.add(one("compare-sticky", CompareRow.STICKY, "% of sticky sessions",
                f -> f.stickySessions() == 0 ? null : 100.0 * f.stickyKept() / f.stickySessions()));
        measures.add(new Measure("compare-blocks", "block rates", "% of answered records",
                List.of(CompareRow.HARD_BLOCKS.title(), CompareRow.SOFT_BLOCKS.title()), true,
                r -> r.figures().answered() == 0 ? values(null, null) : values(
                        100.0 * r.figures().hardBlocks() / r.figures().answered(),
                        100.0 * r.figures().softBlocks() / r.figures().answered())));
        measures.add(one("compare-bytes", CompareRow.BYTES, "wire bytes", f -> f.bytesPerOk()));
        measures.add(new Measure("compare-handshakes", "handshakes per 1,000 requests", "new tunnels",
                List.of("new tunnels"), false, r -> values(r.all().wire().handshakesPer1000())));
        measures.add(one("compare-cost", CompareRow.COST, "price units", f -> f.costPer1000Accepted()));
        return measures;
    }

    /** A measure of one figure, titled as its row of the table. */
    private static Measure one(String kind, CompareRow row, String unit, Function<ColumnFigures, Double> figure) {
        return new Measure(kind, row.title(), unit, List.of(row.title()), false,
                r -> values(figure.apply(r.figures())));
    }

    private static double[] values(Double... figures) {
        return Arrays.stream(figures).mapToDouble(f -> f == null ? Double.NaN : f).toArray();
    }

    private static double[] percentiles(Percentiles p) {
        return p == null ? values(null, null, null) : new double[] {p.p50(), p.p90(), p.p99()};
    }

    /** Whether the runs' values differ as the chart shows them, and some value is above 0 to draw. */
    private static boolean differ(List<double[]> values) {
        List<double[]> shown = values.stream().map(v -> Arrays.stream(v).map(CompareCharts::shown).toArray())
                .toList();
        boolean drawn = shown.stream().flatMapToDouble(Arrays::stream).anyMatch(v -> v > 0);
        return drawn && shown.stream().anyMatch(v -> !Arrays.equals(v, shown.get(0)));
    }

    private static double shown(double v) {
        return Double.isNaN(v) || v == 0 ? v : new BigDecimal(v).round(SHOWN).doubleValue();
    }
}
