package io.proxybench.analysis.report;

import io.proxybench.analysis.Percentiles;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The charts of one run's records: throughput and per-phase percentiles per second, and where the exits were. */
public final class RunCharts {

    /** Bars in an exits chart; its title says how many groups and exits the rest hold. */
    static final int TOP_BARS = 15;

    private RunCharts() {}

    /** Successful and failed responses per second, by the second each was done. */
    public static LineChart throughput(List<RequestRecord> records) {
        // Buckets 0 .. the last record's second: none past it, where nothing ran.
        int seconds = records.isEmpty() ? 0
                : (int) Math.floor(records.stream().mapToDouble(RequestRecord::done).max().orElseThrow()) + 1;
        double[] x = new double[seconds];
        double[] ok = new double[seconds];
        double[] failed = new double[seconds];
        for (int i = 0; i < seconds; i++) {
            x[i] = i;
        }
        for (RequestRecord r : records) {
            int second = (int) Math.floor(r.done());
            (r.ok() ? ok : failed)[second]++;
        }
        return new LineChart("throughput", "Responses per second", "second of the run (by when each was done)",
                "responses / s", List.of(new Series("200 OK", x, ok), new Series("other or failed", x, failed)));
    }

    /**
     * One chart per phase that any successful record has: p50, p90 and p99 of the phase, milliseconds, per second of
     * the run by scheduled start. A second in which no successful request ran the phase leaves a gap.
     */
    public static List<LineChart> phasePercentiles(List<RequestRecord> records) {
        Map<Integer, List<RequestRecord>> bySecond = new TreeMap<>();
        for (RequestRecord r : records) {
            bySecond.computeIfAbsent((int) Math.floor(r.sched()), s -> new ArrayList<>()).add(r);
        }
        int seconds = bySecond.isEmpty() ? 0 : ((TreeMap<Integer, List<RequestRecord>>) bySecond).lastKey() + 1;
        Map<Phase, Percentiles> overall = Percentiles.perPhase(records);
        List<LineChart> charts = new ArrayList<>();
        for (Phase phase : overall.keySet()) {
            double[] x = new double[seconds];
            double[][] p = new double[3][seconds];
            for (double[] row : p) {
                Arrays.fill(row, Double.NaN);
            }
            for (int s = 0; s < seconds; s++) {
                x[s] = s;
                Percentiles second = Percentiles.perPhase(bySecond.getOrDefault(s, List.of())).get(phase);
                if (second != null) {
                    p[0][s] = second.p50() * 1000;
                    p[1][s] = second.p90() * 1000;
                    p[2][s] = second.p99() * 1000;
                }
            }
            charts.add(new LineChart("phase-" + phase.jsonName(), "Phase " + phase.jsonName() + ": percentiles per second",
                    "second of the run (by scheduled start)", "ms",
                    List.of(new Series("p50", x, p[0]), new Series("p90", x, p[1]), new Series("p99", x, p[2]))));
        }
        return charts;
    }

    /** Distinct exit IPs of successful responses per IPv4 /24, most first. */
    public static BarChart exitsPerSubnet(List<RequestRecord> records) {
        Map<String, Set<String>> exits = new HashMap<>();
        for (RequestRecord r : records) {
            if (r.ok() && r.ip() != null && r.ip().chars().filter(c -> c == '.').count() == 3) {
                exits.computeIfAbsent(r.ip().substring(0, r.ip().lastIndexOf('.')) + ".0/24", k -> new HashSet<>())
                        .add(r.ip());
            }
        }
        return new BarChart("exits-subnet", "Exit IPs per /24" + shown(exits), "distinct exit IPs",
                List.of("exit IPs"), bars(exits));
    }

    /** Distinct exit IPs of successful responses per country ({@code loc}), most first. */
    public static BarChart exitsPerCountry(List<RequestRecord> records) {
        Map<String, Set<String>> exits = new HashMap<>();
        for (RequestRecord r : records) {
            if (r.ok() && r.ip() != null && r.loc() != null) {
                exits.computeIfAbsent(r.loc(), k -> new HashSet<>()).add(r.ip());
            }
        }
        return new BarChart("exits-country", "Exit IPs per country" + shown(exits), "distinct exit IPs",
                List.of("exit IPs"), bars(exits));
    }

    /** What an exits chart leaves out, for its title: nothing, or how many groups and exits past the top bars. */
    private static String shown(Map<String, Set<String>> groups) {
        if (groups.size() <= TOP_BARS) {
            return " (" + groups.size() + ")";
        }
        List<Integer> sizes = groups.values().stream().map(Set::size).sorted(Comparator.reverseOrder()).toList();
        int rest = sizes.subList(TOP_BARS, sizes.size()).stream().mapToInt(Integer::intValue).sum();
        return ": the " + TOP_BARS + " largest of " + groups.size() + " (the other " + (groups.size() - TOP_BARS)
                + " hold " + rest + ")";
    }

    /** The groups as bars, largest first (ties by name), at most {@link #TOP_BARS}. */
    private static List<Bar> bars(Map<String, Set<String>> groups) {
        List<Map.Entry<String, Set<String>>> sorted = new ArrayList<>(groups.entrySet());
        sorted.sort(Comparator.<Map.Entry<String, Set<String>>>comparingInt(e -> -e.getValue().size())
                .thenComparing(Map.Entry::getKey));
        return sorted.stream().limit(TOP_BARS).map(e -> new Bar(e.getKey(), e.getValue().size())).toList();
    }
}
