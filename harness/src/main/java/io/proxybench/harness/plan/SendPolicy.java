package io.proxybench.harness.plan;

import io.proxybench.harness.engine.Records;

/**
 * How a runner sends its requests: how many may be unanswered at once, how often a failed one goes again, and how
 * long the last replies are waited for. (What the user asked of a whole run is {@link RunSettings}; the run it makes,
 * {@link RunPlan}.)
 *
 * @param maxInFlight most requests sent and unanswered at once, 0 for unlimited (open loop) or the number of
 *     workers (closed loop)
 * @param retries sends after a failed first one, each on a new connection; 0 for none
 * @param drainTimeoutNanos how long to wait for replies after the last start, nanoseconds; requests still
 *     unanswered then are recorded as {@link Records#TIMEOUT}
 */
public record SendPolicy(int maxInFlight, int retries, long drainTimeoutNanos) {
    public SendPolicy {
        if (maxInFlight < 0 || retries < 0 || drainTimeoutNanos < 0) {
            throw new IllegalArgumentException("maxInFlight, retries and drain timeout must be >= 0, got "
                    + maxInFlight + ", " + retries + ", " + drainTimeoutNanos + " ns");
        }
    }
}
