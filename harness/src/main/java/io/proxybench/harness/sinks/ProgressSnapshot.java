package io.proxybench.harness.sinks;

import io.proxybench.analysis.Percentiles;
import java.util.Locale;

/**
 * What one progress line shows, read during a run.
 *
 * @param elapsedNanos time since the run's start, nanoseconds
 * @param plannedNanos length of the schedule, nanoseconds
 * @param sentPerSec requests sent per second over about the last second: the achieved rate
 * @param inFlight requests sent and not yet answered
 * @param ok records with status 200
 * @param errors records with an error
 * @param retries sends after a failed one so far; shown only once there is one
 * @param backlog requests due but waiting for an in-flight slot
 * @param totalLatency total latency of the successes so far, milliseconds; null before the first
 */
public record ProgressSnapshot(long elapsedNanos, long plannedNanos, double sentPerSec, int inFlight, long ok,
        long errors, long retries, int backlog, Percentiles totalLatency) {

    /**
     * One line without a line break, e.g.
     * {@code 3.2s  100.0 req/s  in flight 2  ok 310  errors 0  p50 4.1 ms  p99 9.8 ms  backlog 0  1.8s left};
     * percentiles are {@code -} before the first success, and the time left is {@code draining} once the
     * schedule has ended.
     */
    public String line() {
        boolean none = totalLatency == null;
        return String.format(Locale.ROOT, "%.1fs  %.1f req/s  in flight %d  ok %d  errors %d%s  p50 %s  p99 %s"
                + "  backlog %d  %s", elapsedNanos / 1e9, sentPerSec, inFlight, ok, errors,
                retries == 0 ? "" : "  retries " + retries,
                none ? "-" : millis(totalLatency.p50()), none ? "-" : millis(totalLatency.p99()),
                backlog, elapsedNanos < plannedNanos
                        ? String.format(Locale.ROOT, "%.1fs left", (plannedNanos - elapsedNanos) / 1e9)
                        : "draining");
    }

    private static String millis(double value) {
        return String.format(Locale.ROOT, "%.1f ms", value);
    }
}
