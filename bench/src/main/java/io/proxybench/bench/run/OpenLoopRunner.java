package io.proxybench.bench.run;

import io.proxybench.bench.rate.ArrivalSchedule;
import io.proxybench.bench.record.RequestRecord;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * An open-loop run: one scheduling thread (the caller of {@link #run()}) fires each request at its scheduled
 * time and never waits for replies. With {@code maxInFlight} reached, due requests wait in a FIFO backlog and go
 * out as slots free; their latency still counts from the scheduled time, so a stall shows in {@code total}
 * instead of shrinking the sample (no coordinated omission).
 *
 * <p>Exactly one record per scheduled request reaches the sink, always: after the schedule ends the runner waits
 * up to the drain timeout, then records every request still unanswered (or never sent) as
 * {@link Records#TIMEOUT}. The sink is called from completion threads, possibly concurrently, and never after
 * {@link #run()} returns. A runner runs once.
 */
public final class OpenLoopRunner {

    /** How often the drain checks whether every request has a record, in nanoseconds. */
    private static final long DRAIN_POLL_NANOS = 1_000_000;

    private final ArrivalSchedule schedule;
    private final Function<Long, ProxyRequest> requests;
    private final Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender;
    private final int maxInFlight;
    private final long drainTimeoutNanos;
    private final Consumer<RequestRecord> sink;
    private final LongSupplier nanoClock;
    private final Sleeper sleeper;

    private final RunStats stats = new RunStats();
    private final Object lock = new Object();
    private final Deque<Call> backlog = new ArrayDeque<>();
    private final Set<Call> unrecorded = ConcurrentHashMap.newKeySet();
    private final ThreadLocal<Deque<Call>> trampoline = new ThreadLocal<>();
    private final AtomicReference<RuntimeException> sinkFailure = new AtomicReference<>();
    private final AtomicBoolean started = new AtomicBoolean();
    private int inFlight;
    private long startNanos;

    /**
     * @param requests request number (from 0) to request; the caller picks target and session key
     * @param sender sends a request, e.g. {@code ProxyClient::send}; must not block
     * @param maxInFlight most requests sent and unanswered at once, 0 for unlimited
     * @param drainTimeoutNanos how long to wait for replies after the last scheduled start
     * @param sink receives every record, see the class comment for threads
     * @param nanoClock monotonic clock in nanoseconds, e.g. {@code System::nanoTime}
     * @param sleeper waits on {@code nanoClock}'s time base
     */
    public OpenLoopRunner(ArrivalSchedule schedule, Function<Long, ProxyRequest> requests,
            Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, int maxInFlight,
            long drainTimeoutNanos, Consumer<RequestRecord> sink, LongSupplier nanoClock, Sleeper sleeper) {
        if (maxInFlight < 0 || drainTimeoutNanos < 0) {
            throw new IllegalArgumentException("maxInFlight and drain timeout must be >= 0");
        }
        this.schedule = schedule;
        this.requests = requests;
        this.sender = sender;
        this.maxInFlight = maxInFlight;
        this.drainTimeoutNanos = drainTimeoutNanos;
        this.sink = sink;
        this.nanoClock = nanoClock;
        this.sleeper = sleeper;
    }

    /** A runner on {@link System#nanoTime} that parks between requests. */
    public static OpenLoopRunner realTime(ArrivalSchedule schedule, Function<Long, ProxyRequest> requests,
            Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, int maxInFlight,
            long drainTimeoutNanos, Consumer<RequestRecord> sink) {
        return new OpenLoopRunner(schedule, requests, sender, maxInFlight, drainTimeoutNanos, sink,
                System::nanoTime, Sleeper.parking(System::nanoTime));
    }

    /** The live counters, readable from any thread during and after the run. */
    public RunStats stats() {
        return stats;
    }

    /**
     * Fires the whole schedule on the calling thread, then drains; returns once every scheduled request has a
     * record.
     *
     * @throws IllegalStateException on a second call
     * @throws RuntimeException the first exception the sink threw, after the run has finished
     */
    public RunStats run() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("an OpenLoopRunner runs once");
        }
        startNanos = nanoClock.getAsLong();
        long number = 0;
        for (long atNanos; (atNanos = schedule.nextFireTimeNanos()) != ArrivalSchedule.NONE; number++) {
            Call call = new Call(atNanos, requests.apply(number));
            if (nanoClock.getAsLong() - startNanos < atNanos) {
                sleeper.sleepUntil(startNanos + atNanos);
            }
            submit(call);
        }
        drain(nanoClock.getAsLong() + drainTimeoutNanos);
        RuntimeException failure = sinkFailure.get();
        if (failure != null) {
            throw failure;
        }
        return stats;
    }

    private void submit(Call call) {
        unrecorded.add(call);
        stats.onScheduled();
        boolean sendNow;
        synchronized (lock) {
            sendNow = maxInFlight == 0 || (inFlight < maxInFlight && backlog.isEmpty());
            if (sendNow) {
                inFlight++;
            } else {
                backlog.addLast(call);
                stats.onBacklogged();
            }
            stats.gauges(inFlight, backlog.size());
        }
        if (sendNow) {
            dispatch(call);
        }
    }

    /**
     * Sends {@code call}, whose slot is taken. A sender that completes at once frees a slot inside this call and
     * dispatches the next backlogged request; the trampoline turns that recursion into a loop.
     */
    private void dispatch(Call call) {
        Deque<Call> queued = trampoline.get();
        if (queued != null) {
            queued.addLast(call);
            return;
        }
        queued = new ArrayDeque<>();
        trampoline.set(queued);
        try {
            for (Call next = call; next != null; next = queued.pollFirst()) {
                send(next);
            }
        } finally {
            trampoline.remove();
        }
    }

    private void send(Call call) {
        call.sentNanos = nanoClock.getAsLong() - startNanos;
        stats.onSent(call.sentNanos - call.schedNanos);
        CompletableFuture<ProxyResponse> reply;
        try {
            reply = sender.apply(call.request);
        } catch (RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        reply.whenComplete((response, failure) -> complete(call, response, failure));
    }

    private void complete(Call call, ProxyResponse response, Throwable failure) {
        long doneNanos = nanoClock.getAsLong() - startNanos;
        try {
            record(call, failure == null
                    ? Records.of(call.schedNanos, call.sentNanos, doneNanos, response)
                    : Records.failed(call.schedNanos, call.sentNanos, doneNanos, Records.errorLabel(failure)));
        } finally {
            Call next;
            synchronized (lock) {
                next = backlog.pollFirst();
                if (next == null) {
                    inFlight--;
                }
                stats.gauges(inFlight, backlog.size());
            }
            if (next != null) {
                dispatch(next);
            }
        }
    }

    /** Emits the call's record unless it already has one (a reply after the drain timeout). */
    private void record(Call call, RequestRecord record) {
        if (!call.recorded.compareAndSet(false, true)) {
            return;
        }
        try {
            sink.accept(record);
        } catch (RuntimeException e) {
            sinkFailure.compareAndSet(null, e);
        } finally {
            stats.onRecord(record);
            unrecorded.remove(call);
        }
    }

    private void drain(long deadlineNanos) {
        for (long now; !unrecorded.isEmpty() && (now = nanoClock.getAsLong()) < deadlineNanos; ) {
            sleeper.sleepUntil(Math.min(deadlineNanos, now + DRAIN_POLL_NANOS));
        }
        synchronized (lock) {
            backlog.clear();
            stats.gauges(inFlight, 0);
        }
        long givenUpNanos = nanoClock.getAsLong() - startNanos;
        for (Call call : unrecorded) {
            long sentNanos = call.sentNanos < 0 ? givenUpNanos : call.sentNanos;
            record(call, Records.failed(call.schedNanos, sentNanos, givenUpNanos, Records.TIMEOUT));
        }
        // A reply that won its record just before the deadline may still be in the sink: let it finish.
        while (!unrecorded.isEmpty()) {
            sleeper.sleepUntil(nanoClock.getAsLong() + DRAIN_POLL_NANOS);
        }
    }

    /** One scheduled request; times in nanoseconds from the run's start. */
    private static final class Call {
        final long schedNanos;
        final ProxyRequest request;
        final AtomicBoolean recorded = new AtomicBoolean();
        volatile long sentNanos = -1;

        Call(long schedNanos, ProxyRequest request) {
            this.schedNanos = schedNanos;
            this.request = request;
        }
    }
}
