package io.proxybench.experiments.load;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.Counts;
import io.proxybench.harness.engine.ClosedLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * A crawl as the seeds run it, in one of two shapes: {@code concurrency} workers, each sending its next request
 * when its last one answered ({@link #run}), or rounds of {@code concurrency} requests sent at once, each round
 * waiting for all of its answers ({@link #inRounds}). Bounded: every request has the client's timeouts, and the crawl
 * as a whole gives up after {@code limit}.
 */
public final class Crawl {

    /**
     * What a crawl did.
     *
     * @param wall from the first send to the last answer
     * @param ok responses with status 200
     * @param failed requests without a response, or with another status
     * @param counts the clients' counters, summed
     */
    public record Result(Duration wall, int ok, int failed, Counts counts) {}

    /** Sees each answered request of a crawl, from any I/O thread. */
    @FunctionalInterface
    public interface Observer {
        Observer NONE = (response, nanos) -> { };

        /** @param nanos from the send to the complete response */
        void answered(ProxyResponse response, long nanos);
    }

    private Crawl() {}

    public static Result run(int requests, int concurrency, int perTask, IntFunction<ProxyClient> clients,
            IntFunction<ProxyRequest> request, Duration limit) throws Exception {
        return run(requests, concurrency, perTask, clients, request, Observer.NONE, limit);
    }

    /**
     * Workers: {@code requests} requests, {@code concurrency} in flight until the last ones.
     *
     * @param clients the client for task {@code t} (a task is {@code perTask} consecutive requests); the crawl closes
     *     every client it was given, asks for a new one only when the task number changes, and asks for none once
     *     it gave up
     * @param request request {@code i} of the crawl
     * @param observer sees every response, whatever its status
     */
    public static Result run(int requests, int concurrency, int perTask, IntFunction<ProxyClient> clients,
            IntFunction<ProxyRequest> request, Observer observer, Duration limit) throws Exception {
        Tally tally = new Tally(observer);
        long start = System.nanoTime();
        try (TaskClients made = new TaskClients(clients, (requests + perTask - 1) / perTask)) {
            // A worker stops early once the crawl's clients are closed (the crawl gave up): its task has no client.
            ClosedLoop workers = ClosedLoop.ofFutures(concurrency, requests, ClosedLoop.NO_LIMIT, System::nanoTime,
                    (w, i, nowNanos) -> {
                        ProxyClient client = made.forTask((int) i / perTask);
                        return client == null ? null : send(client, request.apply((int) i), tally).thenApply(v -> 0L);
                    });
            workers.start();
            workers.done().get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return new Result(Duration.ofNanos(System.nanoTime() - start), tally.ok.get(), tally.failed.get(),
                    made.total());
        }
    }

    /**
     * Rounds: {@code rounds} times, {@code concurrency} copies of {@code request} sent at once through {@code client},
     * the next round starting when all of them answered (a fan-out such as {@code asyncio.gather} over a batch). The
     * crawl closes the client.
     */
    public static Result inRounds(int rounds, int concurrency, ProxyClient client, ProxyRequest request,
            Observer observer, Duration limit) throws Exception {
        Tally tally = new Tally(observer);
        long start = System.nanoTime();
        long deadline = start + limit.toNanos();
        try (client) {
            for (int r = 0; r < rounds; r++) {
                List<CompletableFuture<Void>> round = new ArrayList<>();
                for (int i = 0; i < concurrency; i++) {
                    round.add(send(client, request, tally));
                }
                CompletableFuture.allOf(round.toArray(CompletableFuture[]::new))
                        .get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            }
            return new Result(Duration.ofNanos(System.nanoTime() - start), tally.ok.get(), tally.failed.get(),
                    client.counters().total());
        }
    }

    /** Sends one request and counts its outcome; the future never fails. */
    private static CompletableFuture<Void> send(ProxyClient client, ProxyRequest request, Tally tally) {
        long sentNanos = System.nanoTime();
        return client.send(request).handle((ProxyResponse r, Throwable e) -> {
            if (e == null) {
                tally.observer.answered(r, System.nanoTime() - sentNanos);
            }
            (e == null && r.status() == 200 ? tally.ok : tally.failed).incrementAndGet();
            return null;
        });
    }

    /**
     * The clients of one worker crawl, one per task, each made on the task's first request. Closing closes every
     * client made so far, and from then on no client is made: a worker still running after the crawl gave up gets
     * none and stops, so nothing it would make is left open. Thread-safe.
     */
    private static final class TaskClients implements AutoCloseable {
        private final IntFunction<ProxyClient> factory;
        private final ProxyClient[] byTask;
        private final List<ProxyClient> made = new ArrayList<>();
        private boolean closed;

        TaskClients(IntFunction<ProxyClient> factory, int tasks) {
            this.factory = factory;
            this.byTask = new ProxyClient[tasks];
        }

        /** The client of {@code task}, made now if the task has none yet; null once closed. */
        synchronized ProxyClient forTask(int task) {
            if (closed) {
                return null;
            }
            if (byTask[task] == null) {
                byTask[task] = factory.apply(task);
                made.add(byTask[task]);
            }
            return byTask[task];
        }

        /** The counters of every client made, summed; null if none was. */
        synchronized Counts total() {
            Counts sum = null;
            for (ProxyClient c : made) {
                sum = sum == null ? c.counters().total() : sum.plus(c.counters().total());
            }
            return sum;
        }

        @Override
        public synchronized void close() {
            closed = true;
            made.forEach(ProxyClient::close);
        }
    }

    /** The outcomes of one crawl's requests so far. */
    private record Tally(Observer observer, AtomicInteger ok, AtomicInteger failed) {
        Tally(Observer observer) {
            this(observer, new AtomicInteger(), new AtomicInteger());
        }
    }
}
