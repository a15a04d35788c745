package io.proxybench.harness;

import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * An open-loop run: one scheduling thread (the caller of {@link #run()}) fires each request at its scheduled
 * time and never waits for replies. A failed request is sent again on a new connection up to
 * {@link RunOptions#retries()} times, keeping its slot; its latency spans all its sends. With
 * {@code maxInFlight} reached, due requests wait in a FIFO backlog and go out as slots free; their latency still
 * counts from the scheduled time, so a stall shows in {@code total} instead of shrinking the sample (no
 * coordinated omission).
 *
 * <p>Exactly one record per scheduled request reaches the sink, always: after the schedule ends the runner waits
 * up to the drain timeout, then records every request still unanswered (or never sent) as
 * {@link Records#TIMEOUT}. The sink is called from completion threads, possibly concurrently, and never after
 * {@link #run()} returns. A runner runs once.
 */
public final class OpenLoopRunner extends LoadRunner {

    private final ArrivalSchedule schedule;
    private final Function<Long, ProxyRequest> requests;
    private final int maxInFlight;
    private final long drainTimeoutNanos;
    private final Sleeper sleeper;

    private final Object lock = new Object();
    private final Deque<Call> backlog = new ArrayDeque<>();
    /** Per thread: the calls waiting for that thread's running {@link #dispatch} loop, and whether one runs. */
    private final ThreadLocal<Trampoline> trampoline = ThreadLocal.withInitial(Trampoline::new);
    private final AtomicBoolean started = new AtomicBoolean();
    private int inFlight;

    /**
     * @param requests request number (from 0) to request; the caller picks target and session key
     * @param sender sends a request, e.g. {@code ProxyClient::send}; must not block
     * @param records makes (and classifies) each record
     * @param sink receives every record, see the class comment for threads
     * @param nanoClock monotonic clock in nanoseconds, e.g. {@code System::nanoTime}
     * @param sleeper waits on {@code nanoClock}'s time base
     */
    public OpenLoopRunner(ArrivalSchedule schedule, Function<Long, ProxyRequest> requests,
            Function<ProxyRequest, CompletableFuture<ProxyResponse>> sender, RunOptions options, Records records,
            Consumer<RequestRecord> sink, LongSupplier nanoClock, Sleeper sleeper) {
        super(sender, options, records, sink, nanoClock);
        this.schedule = schedule;
        this.requests = requests;
        this.maxInFlight = options.maxInFlight();
        this.drainTimeoutNanos = options.drainTimeoutNanos();
        this.sleeper = sleeper;
    }

    /**
     * Fires the whole schedule on the calling thread, then drains; returns once every scheduled request has a
     * record.
     *
     * @throws IllegalStateException on a second call
     * @throws RuntimeException the first exception making a record or the sink threw, after the run has finished
     *     (every request has its record all the same)
     */
    @Override
    public RunStats run() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("an OpenLoopRunner runs once");
        }
        book.start();
        long number = 0;
        for (long atNanos; !book.stopped() && (atNanos = schedule.nextFireTimeNanos()) != ArrivalSchedule.NONE;
                number++) {
            Call call = new Call(atNanos, requests.apply(number));
            if (book.elapsedNanos() < atNanos) {
                book.sleepUntilElapsed(atNanos, sleeper);
            }
            if (book.stopped()) {
                break;
            }
            submit(call);
        }
        return book.finish(drainTimeoutNanos, sleeper, () -> {
            synchronized (lock) {
                backlog.clear();
                stats.gauges(inFlight, 0);
            }
        });
    }

    private void submit(Call call) {
        book.add(call);
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
        Trampoline own = trampoline.get();
        if (own.running) {
            own.queued.addLast(call);
            return;
        }
        own.running = true;
        try {
            for (Call next = call; next != null; next = own.queued.pollFirst()) {
                book.send(next, book.elapsedNanos()).whenComplete((done, failure) -> freeSlot());
            }
        } finally {
            own.queued.clear();
            own.running = false;
        }
    }

    /** One thread's dispatch loop state, kept for the runner's life so a dispatch allocates nothing for it. */
    private static final class Trampoline {
        final Deque<Call> queued = new ArrayDeque<>();
        boolean running;
    }

    /** A call has its record: its slot goes to the oldest backlogged call, if any. */
    private void freeSlot() {
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
