package io.proxybench.experiments.load;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.harness.engine.ClosedLoop;
import io.proxybench.harness.engine.Records;
import io.proxybench.records.RequestRecord;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;

/**
 * A fixed-concurrency run as seed 002 runs its rotation-vs-sticky comparison: {@code workers} workers, each sending
 * its next request when its last one answered, until {@code requests} have been sent or {@code length} has passed.
 * A record per request, with {@code sched} = its send time (a closed loop has no schedule to fall behind) and times
 * in seconds from the run's start. Bounded: the run gives up {@code limit} after it started.
 */
public final class FixedConcurrency {

    private static final Records RECORDS = Records.plain();

    private FixedConcurrency() {}

    /**
     * @param request the request worker {@code w} (0-based) sends each time
     * @throws TimeoutException when requests are still unanswered {@code limit} after the start
     */
    public static List<RequestRecord> run(ProxyClient client, int workers, int requests, Duration length,
            Duration limit, IntFunction<ProxyRequest> request) throws Exception {
        return run(client, workers, requests, length, limit, request, r -> Duration.ZERO);
    }

    /**
     * As above, except that a worker waits {@code pauseAfter} of a request's record before sending its next one
     * (zero for none); a pause running past {@code length} ends the worker.
     */
    public static List<RequestRecord> run(ProxyClient client, int workers, int requests, Duration length,
            Duration limit, IntFunction<ProxyRequest> request, Function<RequestRecord, Duration> pauseAfter)
            throws Exception {
        long startNanos = System.nanoTime();
        LongSupplier sinceStart = () -> System.nanoTime() - startNanos;
        Queue<RequestRecord> records = new ConcurrentLinkedQueue<>();
        ClosedLoop loop = ClosedLoop.ofFutures(workers, requests, length.toNanos(), sinceStart,
                (w, number, sentNanos) -> client.send(request.apply(w)).handle((ProxyResponse r, Throwable e) -> {
                    long doneNanos = sinceStart.getAsLong();
                    RequestRecord record = e == null ? RECORDS.of(sentNanos, sentNanos, doneNanos, r, 1, null)
                            : RECORDS.failed(sentNanos, sentNanos, doneNanos, e, 1, null);
                    records.add(record);
                    return pauseAfter.apply(record).toNanos();
                }));
        loop.start();
        loop.done().get(limit.toMillis(), TimeUnit.MILLISECONDS);
        return List.copyOf(records);
    }
}
