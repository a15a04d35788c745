package io.proxybench.analysis.stats;

import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import org.HdrHistogram.Histogram;

/**
 * Latency of the successful requests (status 200) per phase, new and reused connections apart, as HdrHistograms of
 * <b>microseconds</b> (3 significant digits: every value within 0.1%). A phase a request did not have is not
 * recorded for it. Memory is a few histograms whatever the number of records.
 */
final class Latencies {
    /** Decimal digits kept for every value. */
    static final int SIGNIFICANT_DIGITS = 3;
    private static final Phase[] PHASES = Phase.values();
    private static final Reuse[] REUSES = Reuse.values();

    /** Indexed by phase ordinal, then reuse ordinal; null until the first value. */
    private final Histogram[][] micros = new Histogram[PHASES.length][REUSES.length];

    void add(RequestRecord r) {
        int reuse = Reuse.of(r).ordinal();
        for (Phase phase : PHASES) {
            Double seconds = phase.seconds(r);
            if (seconds != null) {
                histogram(phase.ordinal(), reuse).recordValue(Micros.of(seconds));
            }
        }
    }

    void add(Latencies other) {
        for (int p = 0; p < PHASES.length; p++) {
            for (int u = 0; u < REUSES.length; u++) {
                if (other.micros[p][u] != null) {
                    histogram(p, u).add(other.micros[p][u]);
                }
            }
        }
    }

    /**
     * The phase's values over the given connection kinds (all three when none is given), as one new histogram of
     * microseconds; empty when no success had the phase.
     */
    Histogram of(Phase phase, Reuse... reuses) {
        Histogram sum = Micros.histogram();
        for (Reuse reuse : reuses.length == 0 ? REUSES : reuses) {
            Histogram h = micros[phase.ordinal()][reuse.ordinal()];
            if (h != null) {
                sum.add(h);
            }
        }
        return sum;
    }

    private Histogram histogram(int phase, int reuse) {
        Histogram h = micros[phase][reuse];
        if (h == null) {
            h = Micros.histogram();
            micros[phase][reuse] = h;
        }
        return h;
    }
}
