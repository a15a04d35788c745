package io.proxybench.analysis.stats;

import org.HdrHistogram.Histogram;

/** Seconds as the whole microseconds the histograms hold. */
final class Micros {
    private Micros() {}

    /** {@code seconds} rounded to whole microseconds, at least 0 (a clock step back is not a negative latency). */
    static long of(double seconds) {
        return Math.max(0, Math.round(seconds * 1e6));
    }

    /** An empty histogram of microseconds that grows to any value, within 0.1%. */
    static Histogram histogram() {
        Histogram h = new Histogram(Latencies.SIGNIFICANT_DIGITS);
        h.setAutoResize(true);
        return h;
    }
}
