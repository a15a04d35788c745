package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.records.RequestRecord;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A closed-loop run, kept only as a comparison with the open loop: {@link SendPolicy#maxInFlight()} workers each
 * send a request, wait for its record and send the next, until the duration has passed. A request's scheduled time
 * is its send time, so the records have no start lag and a stall shrinks the sample instead of showing in the
 * latency: the coordinated omission the open loop avoids. Retries, records, drain and sink behave as in
 * {@link OpenLoopRunner}. A runner runs once.
 */
public final class ClosedLoopRunner extends LoadRunner {

    private final long durationNanos;
    private final LongFunction<ProxyRequest> requests;
    private final long drainTimeoutNanos;
    private final Sleeper sleeper;
    /** The workers: each starts a call, and its next once the call has its record. */
    private final ClosedLoop loop;

    private final AtomicBoolean started = new AtomicBoolean();
    private final Object lock = new Object();
    private int inFlight;

    /**
     * @param durationNanos how long workers start new requests, nanoseconds
     * @param policy {@code maxInFlight} is the number of workers, at least 1
     * @see OpenLoopRunner#OpenLoopRunner for the other parameters
     */
    public ClosedLoopRunner(long durationNanos, LongFunction<ProxyRequest> requests,
            Sender sender, SendPolicy policy, Records records,
            Consumer<RequestRecord> sink, LongSupplier nanoClock, Sleeper sleeper) {
        super(sender, checked(policy, durationNanos), records, sink, nanoClock);
        this.durationNanos = durationNanos;
        this.requests = requests;
        this.drainTimeoutNanos = policy.drainTimeoutNanos();
        this.sleeper = sleeper;
        this.loop = new ClosedLoop(policy.maxInFlight(), ClosedLoop.NO_LIMIT, durationNanos, book::elapsedNanos,
                this::startOne);
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
        loop.start();
        book.sleepUntilElapsed(durationNanos, sleeper);
        return book.finish(drainTimeoutNanos, sleeper, loop::stop);
    }

    /** {@code policy}, once it makes a closed loop: at least one worker, a duration above 0. */
    private static SendPolicy checked(SendPolicy policy, long durationNanos) {
        if (policy.maxInFlight() < 1 || durationNanos <= 0) {
            throw new IllegalArgumentException("a closed loop needs at least 1 worker and a duration above 0, got "
                    + policy.maxInFlight() + " workers for " + durationNanos + " ns");
        }
        return policy;
    }

    /** Sends {@code worker}'s call {@code number}, scheduled at its send time; none once the run was stopped. */
    private boolean startOne(int worker, long number, long nowNanos) {
        if (book.stopped()) {
            return false;
        }
        Call call = new Call(nowNanos, requests.apply(number), worker);
        book.add(call);
        gauge(1);
        book.send(call, nowNanos);
        return true;
    }

    /** A worker's call is recorded: the worker goes on. */
    @Override
    void replied(Call call) {
        gauge(-1);
        loop.next(call.worker);
    }

    private void gauge(int change) {
        synchronized (lock) {
            inFlight += change;
            stats.gauges(inFlight, 0);
        }
    }
}
