package io.proxybench.analysis.report;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.stats.TimelineView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The charts of one run: throughput and per-phase percentiles per second, and where the exits were. */
public final class RunCharts {

    /** Bars in an exits chart; its title says how many groups and exits the rest hold. */
    static final int TOP_BARS = 15;

    private RunCharts() {}

    /** Successful and failed responses per second, by the second each was done. */
    public static LineChart throughput(RunStatistics stats) {
        TimelineView timeline = stats.timeline();
        int seconds = timeline.seconds();
        double[] x = new double[seconds];
        double[] ok = new double[seconds];
        double[] failed = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            x[i] = i;
            ok[i] = timeline.okInSecond(i);
            failed[i] = timeline.doneInSecond(i) - timeline.okInSecond(i);
        }
        return new LineChart("throughput", "Responses per second", "second of the run (by when each was done)",
                "responses / s", List.of(new Series("200 OK", x, ok), new Series("other or failed", x, failed)));
    }

    /** One chart per phase of the series: p50, p90 and p99 in milliseconds per interval; no success leaves a gap. */
    public static List<LineChart> phasePercentiles(List<PhaseSeries> series) {
        List<LineChart> charts = new ArrayList<>();
        for (PhaseSeries p : series) {
            charts.add(new LineChart("phase-" + p.phase(), "Phase " + p.phase() + ": percentiles per second",
                    "second of the run (by when each was done)", "ms", List.of(new Series("p50", p.seconds(),
                            p.p50Ms()), new Series("p90", p.seconds(), p.p90Ms()), new Series("p99", p.seconds(),
                            p.p99Ms()))));
        }
        return charts;
    }

    /** Distinct exit IPs of successful responses per IPv4 /24, most first. */
    public static BarChart exitsPerSubnet(RunStatistics stats) {
        Map<String, Long> exits = stats.exits().ipsPer(true);
        return new BarChart("exits-subnet", "Exit IPs per /24" + shown(exits), "distinct exit IPs",
                List.of("exit IPs"), bars(exits));
    }

    /** Distinct exit IPs of successful responses per country ({@code loc}), most first. */
    public static BarChart exitsPerCountry(RunStatistics stats) {
        Map<String, Long> exits = stats.exits().ipsPer(false);
        return new BarChart("exits-country", "Exit IPs per country" + shown(exits), "distinct exit IPs",
                List.of("exit IPs"), bars(exits));
    }

    /** What an exits chart leaves out, for its title: nothing, or how many groups and exits past the top bars. */
    private static String shown(Map<String, Long> groups) {
        if (groups.size() <= TOP_BARS) {
            return " (" + groups.size() + ")";
        }
        List<Long> sizes = groups.values().stream().sorted(Comparator.reverseOrder()).toList();
        long rest = sizes.subList(TOP_BARS, sizes.size()).stream().mapToLong(Long::longValue).sum();
        return ": the " + TOP_BARS + " largest of " + groups.size() + " (the other " + (groups.size() - TOP_BARS)
                + " hold " + rest + ")";
    }

    /** The groups as bars, largest first (ties by name), at most {@link #TOP_BARS}. */
    private static List<Bar> bars(Map<String, Long> groups) {
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(Comparator.<Map.Entry<String, Long>>comparingLong(e -> -e.getValue())
                .thenComparing(Map.Entry::getKey));
        return sorted.stream().limit(TOP_BARS).map(e -> new Bar(e.getKey(), e.getValue())).toList();
    }
}
