package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.harness.plan.RunOptions;
import io.proxybench.records.RequestRecord;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A closed-loop run, kept only as a comparison with the open loop: {@link RunOptions#maxInFlight()} workers each
 * send a request, wait for its record and send the next, until the duration has passed. A request's scheduled time
 * is its send time, so the records have no start lag and a stall shrinks the sample instead of showing in the
 * latency: the coordinated omission the open loop avoids. Retries, records, drain and sink behave as in
 * {@link OpenLoopRunner}. A runner runs once.
 */
public final class ClosedLoopRunner extends LoadRunner {

    private final int workers;
    private final long durationNanos;
    private final LongFunction<ProxyRequest> requests;
    private final long drainTimeoutNanos;
    private final Sleeper sleeper;

    private final AtomicLong numbers = new AtomicLong();
    private final AtomicBoolean started = new AtomicBoolean();
    private final Object lock = new Object();
    /**
     * Per thread, loops still to continue: a send that completes at once continues its loop without recursion. 0
     * while the thread is not running loops; the array stays, so that a loop allocates nothing.
     */
    private final ThreadLocal<int[]> trampoline = ThreadLocal.withInitial(() -> new int[1]);
    private volatile boolean stopped;
    private int inFlight;

    /**
     * @param durationNanos how long workers start new requests, nanoseconds
     * @param options {@code maxInFlight} is the number of workers, at least 1
     * @see OpenLoopRunner#OpenLoopRunner for the other parameters
     */
    public ClosedLoopRunner(long durationNanos, LongFunction<ProxyRequest> requests,
            Sender sender, RunOptions options, Records records,
            Consumer<RequestRecord> sink, LongSupplier nanoClock, Sleeper sleeper) {
        super(sender, checked(options, durationNanos), records, sink, nanoClock);
        this.workers = options.maxInFlight();
        this.durationNanos = durationNanos;
        this.requests = requests;
        this.drainTimeoutNanos = options.drainTimeoutNanos();
        this.sleeper = sleeper;
    }

    /**
     * Runs the workers for the duration, then drains; returns once every request sent has a record.
     *
     * @throws IllegalStateException on a second call
     * @throws RuntimeException the first exception making a record or the sink threw, after the run has finished
     *     (every request has its record all the same)
     */
    @Override
    public RunnerCounters run() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("a ClosedLoopRunner runs once");
        }
        book.start();
        for (int i = 0; i < workers; i++) {
            loop();
        }
        book.sleepUntilElapsed(durationNanos, sleeper);
        return book.finish(drainTimeoutNanos, sleeper, () -> stopped = true);
    }

    /** {@code options}, once they make a closed loop: at least one worker, a duration above 0. */
    private static RunOptions checked(RunOptions options, long durationNanos) {
        if (options.maxInFlight() < 1 || durationNanos <= 0) {
            throw new IllegalArgumentException("a closed loop needs at least 1 worker and a duration above 0, got "
                    + options.maxInFlight() + " workers for " + durationNanos + " ns");
        }
        return options;
    }

    /** Continues one worker's loop: its next request, unless the duration is over. */
    private void loop() {
        int[] pending = trampoline.get();
        if (pending[0] > 0) {
            pending[0]++;
            return;
        }
        pending[0] = 1;
        try {
            for (; pending[0] > 0; pending[0]--) {
                startOne();
            }
        } finally {
            pending[0] = 0;
        }
    }

    private void startOne() {
        long nowNanos = book.elapsedNanos();
        if (stopped || book.stopped() || nowNanos >= durationNanos) {
            return;
        }
        Call call = new Call(nowNanos, requests.apply(numbers.getAndIncrement()));
        book.add(call);
        gauge(1);
        book.send(call, nowNanos);
    }

    /** A worker's call is recorded: the worker goes on. */
    @Override
    void replied() {
        gauge(-1);
        loop();
    }

    private void gauge(int change) {
        synchronized (lock) {
            inFlight += change;
            stats.gauges(inFlight, 0);
        }
    }
}
