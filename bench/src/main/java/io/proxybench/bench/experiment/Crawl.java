package io.proxybench.bench.experiment;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.metrics.ClientCounters;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A crawl as the seeds run it: {@code requests} requests, {@code concurrency} at a time (each worker sends its next
 * request when the last one answered), through clients made per task. Bounded: every request has the client's
 * timeouts, and the crawl as a whole gives up after {@code limit}.
 */
final class Crawl {

    /**
     * What a crawl did.
     *
     * @param wall from the first send to the last answer
     * @param ok responses with status 200
     * @param failed requests without a response, or with another status
     * @param counts the clients' counters, summed
     */
    record Result(Duration wall, int ok, int failed, ClientCounters.Counts counts) {}

    private Crawl() {}

    /**
     * @param clients the client for task {@code t} (a task is {@code perTask} consecutive requests); the crawl closes
     *     every client it was given, and asks for a new one only when the task number changes
     * @param request request {@code i} of the crawl
     */
    static Result run(int requests, int concurrency, int perTask, IntFunction<ProxyClient> clients,
            IntFunction<ProxyRequest> request, Duration limit) throws Exception {
        List<ProxyClient> made = new ArrayList<>();
        ProxyClient[] byTask = new ProxyClient[(requests + perTask - 1) / perTask];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        long start = System.nanoTime();
        try {
            List<CompletableFuture<Void>> workers = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                workers.add(worker(next, requests, perTask, byTask, made, clients, request, ok, failed));
            }
            CompletableFuture.allOf(workers.toArray(CompletableFuture[]::new))
                    .get(limit.toMillis(), TimeUnit.MILLISECONDS);
            Duration wall = Duration.ofNanos(System.nanoTime() - start);
            ClientCounters.Counts sum = null;
            for (ProxyClient c : made) {
                sum = sum == null ? c.counters().total() : sum.plus(c.counters().total());
            }
            return new Result(wall, ok.get(), failed.get(), sum);
        } finally {
            made.forEach(ProxyClient::close);
        }
    }

    /** One worker: takes the next request number until none is left, one request at a time. */
    private static CompletableFuture<Void> worker(AtomicInteger next, int requests, int perTask, ProxyClient[] byTask,
            List<ProxyClient> made, IntFunction<ProxyClient> clients, IntFunction<ProxyRequest> request,
            AtomicInteger ok, AtomicInteger failed) {
        int i = next.getAndIncrement();
        if (i >= requests) {
            return CompletableFuture.completedFuture(null);
        }
        ProxyClient client;
        synchronized (byTask) {
            int task = i / perTask;
            if (byTask[task] == null) {
                byTask[task] = clients.apply(task);
                made.add(byTask[task]);
            }
            client = byTask[task];
        }
        return client.send(request.apply(i)).handle((ProxyResponse r, Throwable e) -> {
            if (e == null && r.status() == 200) {
                ok.incrementAndGet();
            } else {
                failed.incrementAndGet();
            }
            return null;
        }).thenComposeAsync(v -> worker(next, requests, perTask, byTask, made, clients, request, ok, failed));
    }
}
