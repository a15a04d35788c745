package io.proxybench.analysis;

import java.util.Arrays;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * p50, p90 and p99 of a sample. A run's latencies come from HdrHistograms ({@link #ofMicros}); an experiment's small
 * samples are computed like {@code numpy.percentile}'s default (linear interpolation between the closest ranks,
 * {@link #of}), as in the seed's scripts.
 *
 * @param count number of values in the sample
 * @param p50 median, in the sample's unit (seconds for phases)
 * @param p90 90th percentile, same unit
 * @param p99 99th percentile, same unit
 */
public record Percentiles(long count, double p50, double p90, double p99) {

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
     * Percentiles in milliseconds of a histogram of microseconds: HdrHistogram's, the value at or below which that
     * share of the values lie (within the histogram's precision); null when it is empty.
     */
    public static Percentiles ofMicros(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return null;
        }
        return new Percentiles(micros.getTotalCount(), micros.getValueAtPercentile(50) / 1e3,
                micros.getValueAtPercentile(90) / 1e3, micros.getValueAtPercentile(99) / 1e3);
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
        return count < ok ? line(name) + String.format(Locale.ROOT, "  (%,d of %,d ok)", count, ok) : line(name);
    }

    /** numpy's "linear" method: rank (n - 1) * p / 100, interpolated between its two neighbours. */
    private static double at(double[] sorted, double p) {
        double rank = (sorted.length - 1) * p / 100;
        int below = (int) Math.floor(rank);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
    }
}
