package io.proxybench.harness.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * The one closed loop of the harness and the experiments: {@code workers} workers each start a request and, once it
 * ended, their next one, until the loop is over for them: {@code maxRequests} requests started, {@code durationNanos}
 * passed on the loop's clock, {@link #stop()} called, or the worker's start declined. Requests are numbered from 0 in
 * the order they start. {@link ClosedLoopRunner} drives it with callbacks ({@link Start}), the experiments'
 * fixed-concurrency runs and crawls with futures ({@link #ofFutures}). {@link #done()} completes once every worker
 * has ended.
 *
 * <p>A worker goes on on the thread that tells the loop its request ended ({@link #next}). A request that ends inside
 * its own start (a sender that completes at once) queues its worker's next start instead of recursing: a trampoline
 * per thread, so that such a loop grows no stack and allocates nothing. A start that throws ends its worker: the
 * exception is rethrown to whoever called {@link #start()} or {@link #next}, once the workers queued on that thread
 * have gone on, and {@link #done()} fails with the first one.
 */
public final class ClosedLoop {

    /** For {@code maxRequests} or {@code durationNanos}: no limit of that kind. */
    public static final long NO_LIMIT = Long.MAX_VALUE;

    /** Starts one request of a worker, telling the loop when it ended. */
    @FunctionalInterface
    public interface Start {
        /**
         * Starts request {@code number} for {@code worker}, and has {@link ClosedLoop#next} called with
         * {@code worker} once it ended (on any thread, possibly inside this call). One that throws must have
         * started nothing.
         *
         * @param nowNanos the loop's clock, read just before: the request's start
         * @return false to end the worker instead, nothing started
         */
        boolean start(int worker, long number, long nowNanos);
    }

    /** Starts one request of a worker as a future. */
    @FunctionalInterface
    public interface FutureStart {
        /**
         * Starts request {@code number} for {@code worker}.
         *
         * @param nowNanos the loop's clock, read just before: the request's start
         * @return a stage that completes when the request ended, with the pause before the worker's next request in
         *     nanoseconds (0, or a null value, for none); null instead of a stage to end the worker, nothing started
         */
        CompletionStage<Long> start(int worker, long number, long nowNanos);
    }

    private final int workers;
    private final long maxRequests;
    private final long durationNanos;
    private final LongSupplier clock;
    private final Start start;

    private final AtomicLong numbers = new AtomicLong();
    /** Workers that have not ended. */
    private final AtomicInteger running;
    /** The first exception a start threw or a future failed with. */
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    /** Per thread, the workers waiting for that thread's running loop; kept, so that going on allocates nothing. */
    private final ThreadLocal<Trampoline> trampoline = ThreadLocal.withInitial(Trampoline::new);
    private volatile boolean stopped;

    /**
     * @param workers workers, each with at most one request in flight; none (0 or less) is done at once
     * @param maxRequests requests started at most over all workers, or {@link #NO_LIMIT}
     * @param durationNanos how long workers start requests, on {@code clock}, or {@link #NO_LIMIT}
     * @param clock nanoseconds on the time base of {@code durationNanos}, e.g. since the run's start
     */
    public ClosedLoop(int workers, long maxRequests, long durationNanos, LongSupplier clock, Start start) {
        this.workers = Math.max(0, workers);
        this.maxRequests = maxRequests;
        this.durationNanos = durationNanos;
        this.clock = clock;
        this.start = start;
        this.running = new AtomicInteger(this.workers);
        if (this.workers == 0) {
            done.complete(null);
        }
    }

    /**
     * A loop whose requests are futures: each worker goes on once its request's future completed and the pause it
     * gave passed, on {@link CompletableFuture}'s default async pool (not on the thread that completed the request);
     * a future that failed ends its worker, and {@link #done()} fails with its exception.
     *
     * @see #ClosedLoop for the parameters
     */
    public static ClosedLoop ofFutures(int workers, long maxRequests, long durationNanos, LongSupplier clock,
            FutureStart start) {
        FutureSteps steps = new FutureSteps(start);
        steps.loop = new ClosedLoop(workers, maxRequests, durationNanos, clock, steps);
        return steps.loop;
    }

    /**
     * Starts every worker's first request, on the calling thread; once per loop. When a start throws, the loop stops
     * and the workers not started yet end with it, so that {@link #done()} still completes (failed), once the
     * requests already started have ended.
     */
    public void start() {
        for (int worker = 0; worker < workers; worker++) {
            try {
                next(worker);
            } catch (RuntimeException e) {
                stopped = true;
                for (int rest = worker + 1; rest < workers; rest++) {
                    end(null);
                }
                throw e;
            }
        }
    }

    /** {@code worker}'s request ended: it starts its next one now, on this thread, unless the loop is over for it. */
    public void next(int worker) {
        Trampoline own = trampoline.get();
        if (own.running) {
            own.add(worker);
            return;
        }
        own.running = true;
        RuntimeException thrown = null;
        try {
            for (int w = worker; w >= 0; w = own.poll()) {
                try {
                    step(w);
                } catch (RuntimeException e) {
                    end(e);
                    thrown = thrown == null ? e : thrown;
                }
            }
        } finally {
            own.clear();
            own.running = false;
        }
        if (thrown != null) {
            throw thrown;
        }
    }

    /** No request starts any more; those in flight end as they will. Any thread. */
    public void stop() {
        stopped = true;
    }

    /** Completes once every worker has ended; fails with the first exception a start threw or a future failed with. */
    public CompletableFuture<Void> done() {
        return done;
    }

    /** Starts {@code worker}'s next request, or ends the worker: the time, then the count, then its start decide. */
    private void step(int worker) {
        long nowNanos = clock.getAsLong();
        if (stopped || nowNanos >= durationNanos) {
            end(null);
            return;
        }
        long number = numbers.getAndIncrement();
        if (number >= maxRequests || !start.start(worker, number, nowNanos)) {
            end(null);
        }
    }

    /** A worker ended, failed by {@code cause} (null for none). */
    private void end(Throwable cause) {
        if (cause != null) {
            failure.compareAndSet(null, cause);
        }
        if (running.decrementAndGet() == 0) {
            Throwable first = failure.get();
            if (first == null) {
                done.complete(null);
            } else {
                done.completeExceptionally(first);
            }
        }
    }

    /** The {@link Start} of a loop of futures: goes on after each future, on the async pool. */
    private static final class FutureSteps implements Start {
        private final FutureStart start;
        /** Set once, right after the loop is made and before it starts. */
        private ClosedLoop loop;

        FutureSteps(FutureStart start) {
            this.start = start;
        }

        @Override
        public boolean start(int worker, long number, long nowNanos) {
            CompletionStage<Long> ended = start.start(worker, number, nowNanos);
            if (ended == null) {
                return false;
            }
            ended.whenComplete((pauseNanos, failed) -> {
                if (failed != null) {
                    loop.end(failed);
                } else if (pauseNanos == null || pauseNanos == 0) {
                    CompletableFuture.runAsync(() -> loop.next(worker));
                } else {
                    CompletableFuture.delayedExecutor(pauseNanos, TimeUnit.NANOSECONDS)
                            .execute(() -> loop.next(worker));
                }
            });
            return true;
        }
    }

    /** One thread's workers waiting to go on: a queue of worker numbers that grows, never shrinks. */
    private static final class Trampoline {
        private int[] queue = new int[16];
        private int head;
        private int size;
        boolean running;

        void add(int worker) {
            if (size == queue.length) {
                int[] more = new int[queue.length * 2];
                for (int i = 0; i < size; i++) {
                    more[i] = queue[(head + i) % queue.length];
                }
                queue = more;
                head = 0;
            }
            queue[(head + size++) % queue.length] = worker;
        }

        /** The next waiting worker, -1 when none. */
        int poll() {
            if (size == 0) {
                return -1;
            }
            int worker = queue[head];
            head = (head + 1) % queue.length;
            size--;
            return worker;
        }

        void clear() {
            head = 0;
            size = 0;
        }
    }
}
