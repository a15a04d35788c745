package io.proxybench.experiments.load;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.harness.engine.Records;
import io.proxybench.records.RequestRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * A fixed-concurrency run as seed 002 runs its rotation-vs-sticky comparison: {@code workers} workers, each sending
 * its next request when its last one answered, until {@code requests} have been sent or {@code length} has passed.
 * A record per request, with {@code sched} = its send time (a closed loop has no schedule to fall behind) and times
 * in seconds from the run's start. Bounded: the run gives up {@code limit} after it started.
 */
public final class FixedConcurrency {

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
        Run run = new Run(client, requests, System.nanoTime(), length.toNanos(), request, pauseAfter);
        List<CompletableFuture<Void>> all = new ArrayList<>(workers);
        for (int w = 0; w < workers; w++) {
            all.add(run.worker(w));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(limit.toMillis(), TimeUnit.MILLISECONDS);
        return List.copyOf(run.records);
    }

    /** One run's shared state: how many requests went out, and the records so far. */
    private static final class Run {
        private static final Records RECORDS = Records.plain();

        private final ProxyClient client;
        private final int requests;
        private final long startNanos;
        private final long lengthNanos;
        private final IntFunction<ProxyRequest> request;
        private final Function<RequestRecord, Duration> pauseAfter;
        private final AtomicInteger sent = new AtomicInteger();
        private final ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();

        Run(ProxyClient client, int requests, long startNanos, long lengthNanos, IntFunction<ProxyRequest> request,
                Function<RequestRecord, Duration> pauseAfter) {
            this.client = client;
            this.requests = requests;
            this.startNanos = startNanos;
            this.lengthNanos = lengthNanos;
            this.request = request;
            this.pauseAfter = pauseAfter;
        }

        /** Worker {@code w}: one request after the other while the run lasts. */
        CompletableFuture<Void> worker(int w) {
            long sentNanos = System.nanoTime() - startNanos;
            if (sentNanos >= lengthNanos || sent.getAndIncrement() >= requests) {
                return CompletableFuture.completedFuture(null);
            }
            return client.send(request.apply(w)).handle((ProxyResponse r, Throwable e) -> {
                long doneNanos = System.nanoTime() - startNanos;
                RequestRecord record = e == null ? RECORDS.of(sentNanos, sentNanos, doneNanos, r, 1, null)
                        : RECORDS.failed(sentNanos, sentNanos, doneNanos, e, 1, null);
                records.add(record);
                return pauseAfter.apply(record).toNanos();
            }).thenComposeAsync(pauseNanos -> pauseNanos == 0 ? worker(w)
                    : CompletableFuture.supplyAsync(() -> worker(w),
                            CompletableFuture.delayedExecutor(pauseNanos, TimeUnit.NANOSECONDS))
                            .thenCompose(next -> next));
        }
    }
}
