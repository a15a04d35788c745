package io.proxybench.audit;

import io.proxybench.analysis.Percentiles;
import io.proxybench.harness.Trace;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one load saw, request by request: latency from the moment the request was handed to the client (its own
 * queueing counts), the exit each answer names in its trace ({@code ip=}), the protocol inside the tunnel, and
 * failures. Answers arrive on the clients' threads, hence the locking. Once {@link #freeze() frozen} at the load's
 * end, it ignores what still arrives (late answers, failures of calls a closing client abandons), so that each
 * request counts once.
 */
final class LoadTally {

    private final double[] latencyMs;
    private int answered;
    private int ok;
    private int failed;
    private String firstError;
    private int untraced;
    private final Map<String, Long> exits = new TreeMap<>();
    private final Map<String, Long> http = new TreeMap<>();
    private long firstStartNanos = Long.MAX_VALUE;
    private long lastEndNanos = Long.MIN_VALUE;
    private boolean frozen;

    LoadTally(int requests) {
        latencyMs = new double[requests];
    }

    synchronized void started(long nanos) {
        firstStartNanos = Math.min(firstStartNanos, nanos);
    }

    /** An answer; only a 200 counts as ok, and only an ok answer's trace counts as an exit. */
    synchronized void answer(long startNanos, long endNanos, Answer a) {
        if (frozen) {
            return;
        }
        lastEndNanos = Math.max(lastEndNanos, endNanos);
        http.merge(a.http(), 1L, Long::sum);
        if (a.status() != 200) {
            failure(a.status() == 407 ? "status 407: the gateway refused the proxy credentials, or got none"
                    : "status " + a.status());
            return;
        }
        latencyMs[ok++] = (endNanos - startNanos) / 1e6;
        String ip = Trace.of(a.body().getBytes(StandardCharsets.UTF_8)).value("ip");
        if (ip == null) {
            untraced++;
        } else {
            exits.merge(ip, 1L, Long::sum);
        }
        answered++;
    }

    synchronized void failure(long endNanos, String error) {
        if (frozen) {
            return;
        }
        lastEndNanos = Math.max(lastEndNanos, endNanos);
        failure(error);
    }

    /** Ends the tally: nothing after this counts. */
    synchronized void freeze() {
        frozen = true;
    }

    private void failure(String error) {
        failed++;
        answered++;
        if (firstError == null) {
            firstError = error;
        }
    }

    synchronized int ok() {
        return ok;
    }

    synchronized int failed() {
        return failed;
    }

    /** Requests answered or failed so far. */
    synchronized int done() {
        return answered;
    }

    synchronized String firstError() {
        return firstError;
    }

    /** Ok answers whose body had no {@code ip=} line: the target is not a trace endpoint. */
    synchronized int untraced() {
        return untraced;
    }

    synchronized Map<String, Long> exits() {
        return Collections.unmodifiableMap(new TreeMap<>(exits));
    }

    synchronized Map<String, Long> http() {
        return Collections.unmodifiableMap(new TreeMap<>(http));
    }

    /** Share of the traced ok answers on the exit that carried most of them; null with none. */
    synchronized Double topExitShare() {
        long traced = exits.values().stream().mapToLong(Long::longValue).sum();
        return traced == 0 ? null : (double) Collections.max(exits.values()) / traced;
    }

    /** Latency of the ok answers, ms; null with none. */
    synchronized Percentiles latency() {
        return ok == 0 ? null : Percentiles.of(java.util.Arrays.copyOf(latencyMs, ok));
    }

    /** Seconds from the first request handed over to the last answer; 0 before any. */
    synchronized double seconds() {
        return lastEndNanos < firstStartNanos ? 0 : (lastEndNanos - firstStartNanos) / 1e9;
    }
}
