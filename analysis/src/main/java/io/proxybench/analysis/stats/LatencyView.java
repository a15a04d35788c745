package io.proxybench.analysis.stats;

import io.proxybench.analysis.Percentiles;
import io.proxybench.records.Phase;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Latency per phase over a run's successes, read from its {@link RunStatistics}: HdrHistograms of microseconds, new
 * and reused connections apart (3 significant digits: every value within 0.1%). Reads the statistics as they are at
 * each call.
 */
public final class LatencyView {

    private final RunStatistics s;

    LatencyView(RunStatistics statistics) {
        this.s = statistics;
    }

    /**
     * p50, p90 and p99 in milliseconds of {@code phase} over the successes on the given kinds of connection (all
     * when none is given); null when no such success had the phase. HdrHistogram's percentiles: the value at or
     * below which that share of the values lie, within 0.1%.
     */
    public Percentiles of(Phase phase, Reuse... reuses) {
        return Percentiles.ofMicros(s.latencies.of(phase, reuses));
    }

    /** {@link #of} every phase any success had, in phase order, keyed by the phases' JSON names. */
    public Map<String, Percentiles> phases() {
        Map<String, Percentiles> result = new LinkedHashMap<>();
        for (Phase phase : Phase.values()) {
            Percentiles p = of(phase);
            if (p != null) {
                result.put(phase.jsonName(), p);
            }
        }
        return result;
    }

    /** The histogram of {@code phase} over successes on the given kinds of connection, microseconds: a copy. */
    public Histogram micros(Phase phase, Reuse... reuses) {
        return s.latencies.of(phase, reuses);
    }
}
