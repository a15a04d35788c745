package io.proxybench.analysis;

import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * p50, p90 and p99 of a sample, computed like {@code numpy.percentile}'s default (linear interpolation
 * between the closest ranks), so figures match the seed's script.
 *
 * @param count number of values in the sample
 * @param p50 median, in the sample's unit (seconds for phases)
 * @param p90 90th percentile, same unit
 * @param p99 99th percentile, same unit
 */
public record Percentiles(int count, double p50, double p90, double p99) {

    /** Percentiles of {@code values}, which must not be empty. */
    public static Percentiles of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Percentiles(sorted.length, at(sorted, 50), at(sorted, 90), at(sorted, 99));
    }

    /**
     * Percentiles of each phase over the successful (status 200) records, in seconds. A record without a
     * phase is skipped for that phase; a phase no successful record has is absent from the map.
     */
    public static Map<Phase, Percentiles> perPhase(List<RequestRecord> records) {
        Map<Phase, Percentiles> result = new EnumMap<>(Phase.class);
        for (Phase phase : Phase.values()) {
            double[] values = records.stream()
                    .filter(RequestRecord::ok)
                    .map(phase::seconds)
                    .filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            if (values.length > 0) {
                result.put(phase, of(values));
            }
        }
        return result;
    }

    /** Per phase as {@link #perPhase}, in milliseconds and keyed by the records' phase names, in phase order. */
    public static Map<String, Percentiles> perPhaseMillis(List<RequestRecord> records) {
        Map<String, Percentiles> result = new LinkedHashMap<>();
        perPhase(records).forEach((phase, p) -> result.put(phase.jsonName(), p.toMillis()));
        return result;
    }

    /** These percentiles of seconds, in milliseconds. */
    public Percentiles toMillis() {
        return new Percentiles(count, p50 * 1000, p90 * 1000, p99 * 1000);
    }

    /** One report line for the phase {@code name}, these values being milliseconds. */
    public String line(String name) {
        return String.format(Locale.ROOT, "%-9s p50=%7.1f ms  p90=%7.1f ms  p99=%7.1f ms", name, p50, p90, p99);
    }

    /**
     * {@link #line(String)}, saying how many of {@code ok} successes had the phase when some did not (e.g. only the
     * requests that opened a connection have {@code tcp}): a phase a request skipped has no value, not 0.
     */
    public String line(String name, long ok) {
        return count < ok ? line(name) + String.format(Locale.ROOT, "  (%d of %d ok)", count, ok) : line(name);
    }

    /** numpy's "linear" method: rank (n - 1) * p / 100, interpolated between its two neighbours. */
    private static double at(double[] sorted, double p) {
        double rank = (sorted.length - 1) * p / 100;
        int below = (int) Math.floor(rank);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
    }
}
