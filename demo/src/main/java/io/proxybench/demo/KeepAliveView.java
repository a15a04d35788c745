package io.proxybench.demo;

import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import io.proxybench.experiments.keepalive.ColdShare;
import io.proxybench.experiments.keepalive.KeepAliveResult;
import io.proxybench.experiments.keepalive.KeepAliveRow;
import io.proxybench.experiments.keepalive.KeepAliveTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Seed 001's cold share, and per measured keep-alive T the formula {@code exp(-T/gap)} ({@link ColdShare}) as a curve
 * over the measured gaps, with the measured shares as points; both in percent.
 */
final class KeepAliveView {

    /** Points of each formula curve, evenly spaced from the smallest measured gap to the largest. */
    private static final int CURVE_POINTS = 41;

    private KeepAliveView() {}

    static StepResult of(KeepAliveResult result) {
        List<Series> lines = new ArrayList<>();
        for (double t : result.measured().stream().mapToDouble(KeepAliveRow::keepAliveMs).distinct().toArray()) {
            List<KeepAliveRow> rows = result.measured().stream().filter(r -> r.keepAliveMs() == t).toList();
            double[] gaps = rows.stream().mapToDouble(KeepAliveRow::gapMs).toArray();
            String name = "T " + Math.round(t) + " ms";
            lines.add(formula(name + ": exp(-T/gap)", t, Arrays.stream(gaps).min().orElse(1),
                    Arrays.stream(gaps).max().orElse(1)));
            lines.add(Series.points(name + ": measured", gaps,
                    rows.stream().mapToDouble(r -> 100 * r.coldShare()).toArray()));
        }
        String chart = new LineChart("keepalive", "Cold share: formula and measurement", "mean gap, ms",
                "% of requests on a new connection", lines).svg();
        return StepResult.of("keepalive", KeepAliveTable.text(result), result, "Keep-alive cold share (seed 001)",
                "Seed 001: with Poisson arrivals at a mean gap per client instance and destination, exp(-T/gap) of"
                        + " requests find no warm connection; past some sparsity no keep-alive saves you. Measured"
                        + " here at a scaled-down time through the client's own pool. Rerun: ./proxybench keepalive",
                List.of(chart));
    }

    /** The cold share in percent for keep-alive {@code keepAliveMs} at gaps from {@code fromMs} to {@code toMs}. */
    private static Series formula(String name, double keepAliveMs, double fromMs, double toMs) {
        double[] gaps = new double[CURVE_POINTS];
        double[] percent = new double[CURVE_POINTS];
        for (int i = 0; i < CURVE_POINTS; i++) {
            gaps[i] = fromMs + (toMs - fromMs) * i / (CURVE_POINTS - 1);
            percent[i] = 100 * ColdShare.expected(millis(keepAliveMs), millis(gaps[i]));
        }
        return new Series(name, gaps, percent);
    }

    private static Duration millis(double ms) {
        return Duration.ofNanos(Math.round(ms * 1e6));
    }
}
