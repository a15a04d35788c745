package io.proxybench.experiments.ramp;

import java.time.Duration;

/**
 * When a ramp step counts as past the plan's limit: too many of its requests failed, or its successes got too slow.
 *
 * @param maxErrors the share of a step's requests that may fail (gateway refusals, target blocks and other failures
 *     together), 0 to under 1; a step above it is past the limit
 * @param maxP99Ms the 99th percentile latency of a step's successes may be at most this, milliseconds; null for no
 *     latency threshold
 */
public record RampThresholds(double maxErrors, Double maxP99Ms) {

    /**
     * The thresholds as {@code proxybench ramp} gives them.
     *
     * @param maxP99 the successes' p99 at most, or null for no latency threshold
     */
    public static RampThresholds of(double maxErrors, Duration maxP99) {
        return new RampThresholds(maxErrors, maxP99 == null ? null : maxP99.toNanos() / 1e6);
    }

    public RampThresholds {
        if (!(maxErrors >= 0 && maxErrors < 1)) {
            throw new IllegalArgumentException("--max-errors " + maxErrors + " must be a fraction from 0 to under 1,"
                    + " e.g. 0.01 for 1%");
        }
        if (maxP99Ms != null && !(maxP99Ms > 0)) {
            throw new IllegalArgumentException("--max-p99 must be above 0, e.g. 500ms");
        }
    }
}
