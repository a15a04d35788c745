package io.proxybench.bench.run;

import io.proxybench.bench.record.RequestRecord;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Builds the {@link RequestRecord} of one scheduled request. Every time argument is in nanoseconds from the run's
 * start; records hold seconds. {@code total} counts from the scheduled start, so start lag and backlog waits are
 * latency. No field is taken from the credentials.
 */
public final class Records {

    /** The error of a request that had no reply when the run's drain timeout ended. */
    public static final String TIMEOUT = "total_Timeout";

    private static final double NANOS_PER_SECOND = 1e9;

    private Records() {}

    /**
     * A request that got a response.
     *
     * @param schedNanos scheduled start
     * @param sentNanos when it was handed to the sender
     * @param doneNanos when the response completed
     */
    public static RequestRecord of(long schedNanos, long sentNanos, long doneNanos, ProxyResponse response) {
        PhaseTimings t = response.timings();
        String body = response.bodyText();
        return new RequestRecord(seconds(schedNanos), seconds(doneNanos), seconds(sentNanos - schedNanos),
                phase(t, Phase.QUEUE), phase(t, Phase.TCP), phase(t, Phase.PROXY_TLS), phase(t, Phase.SOCKS),
                phase(t, Phase.CONNECT), phase(t, Phase.TLS), phase(t, Phase.REQUEST),
                seconds(doneNanos - schedNanos), response.status(), traceValue(body, "ip="), traceValue(body, "loc="),
                null, null, response.reused(), response.connection().id(), null, response.attempt(),
                response.bytesOut(), response.bytesIn(), null, response.protocol());
    }

    /**
     * A request that failed or timed out: no status, no phases.
     *
     * @param sentNanos when it was handed to the sender; for one never sent, when it was given up
     * @param error {@code <phase>_<Reason>}, see {@link #errorLabel}
     */
    public static RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, String error) {
        return new RequestRecord(seconds(schedNanos), seconds(doneNanos), seconds(sentNanos - schedNanos),
                null, null, null, null, null, null, null, seconds(doneNanos - schedNanos), null, null, null,
                error, null, null, null, null, null, null, null, null, null);
    }

    /**
     * The seed's error label: {@link CallException#label()} ({@code <phase>_<ExceptionName>}), or
     * {@code total_<ExceptionName>} when the failure names no phase. Completion wrappers are unwrapped.
     */
    public static String errorLabel(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof CallException call) {
            return call.label();
        }
        return "total_" + cause.getClass().getSimpleName();
    }

    /** The value of the first line starting with {@code key} in a trace body ({@code ip=...}), or null. */
    static String traceValue(String body, String key) {
        return body.lines().filter(line -> line.startsWith(key)).findFirst()
                .map(line -> line.substring(key.length()).strip()).orElse(null);
    }

    private static Double phase(PhaseTimings timings, Phase phase) {
        long nanos = timings.get(phase);
        return nanos < 0 ? null : seconds(nanos);
    }

    private static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }
}
