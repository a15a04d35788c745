package io.proxybench.harness.engine;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.records.RequestRecord;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * An open-loop run: requests fire at their scheduled times and the runner never waits for replies. They fire in
 * batches on a {@link FiringTimer}, the client's own I/O thread in a real run (wrk2's way): each tick fires every
 * request whose time has come, in order, then sets the timer for the next one, so no thread wakes per request and a
 * late tick (a busy I/O thread, a pause) fires everything it owes at once, each request keeping its scheduled time
 * and recording how late it went out. A failed request is sent again on a new connection up to
 * {@link SendPolicy#retries()} times, keeping its slot; its latency spans all its sends. With {@code maxInFlight}
 * reached, due requests wait in a FIFO backlog and go out as slots free; their latency still counts from the
 * scheduled time, so a stall shows in {@code total} instead of shrinking the sample (no coordinated omission).
 *
 * <p>Exactly one record per scheduled request reaches the sink, always: after the schedule ends the runner waits
 * up to the drain timeout from the last request's start, then records every request still unanswered (or never
 * sent) as {@link Records#TIMEOUT}. The sink is called from completion threads, possibly concurrently, and never
 * after {@link #run()} returns. A runner runs once.
 */
public final class OpenLoopRunner extends LoadRunner {

    /** How often the calling thread looks whether the firing has ended or the run was stopped, in nanoseconds. */
    private static final long FIRING_POLL_NANOS = 10_000_000;
    /**
     * The most requests one tick fires before it gives the timer's thread back to its connections (and sets the
     * timer to fire the rest at once): a rate the thread cannot keep must not starve the replies.
     */
    static final int MAX_BATCH = 1024;

    private final ArrivalSchedule schedule;
    private final LongFunction<ProxyRequest> requests;
    private final int maxInFlight;
    private final long drainTimeoutNanos;
    private final Sleeper sleeper;
    private final FiringTimer timer;

    private final Object lock = new Object();
    private final Deque<Call> backlog = new ArrayDeque<>();
    /** Per thread: the calls waiting for that thread's running {@link #dispatch} loop, and whether one runs. */
    private final ThreadLocal<Trampoline> trampoline = ThreadLocal.withInitial(Trampoline::new);
    private final AtomicBoolean started = new AtomicBoolean();
    private int inFlight;

    /** Held by a tick while it fires, and by the calling thread to close the firing: no tick fires after. */
    private final Object firing = new Object();
    /** The clock's reading at the run's start: scheduled times are nanoseconds after it. */
    private long originNanos;
    /** The next request's scheduled time (from the start) and number; the ticks' own, under {@link #firing}. */
    private long nextNanos;
    private long number;
    /** When the last request went out (late or not), nanoseconds from the start; where the drain counts from. */
    private volatile long lastFiredNanos;
    /** Set once no tick will fire any more: the schedule is exhausted, the run stopped, or a tick failed. */
    private volatile boolean fired;
    private boolean firingClosed;
    /** What made a tick fail (the request function, or the timer), rethrown at the run's end. */
    private volatile RuntimeException firingFailure;

    /**
     * @param requests request number (from 0) to request; the caller picks target and session key. Called on the
     *     timer's thread
     * @param sender sends a request, e.g. {@code ProxyClient::send}; must not block (it runs on the timer's thread)
     * @param records makes (and classifies) each record
     * @param sink receives every record, see the class comment for threads
     * @param nanoClock monotonic clock in nanoseconds, e.g. {@code System::nanoTime}
     * @param sleeper waits on {@code nanoClock}'s time base, on the calling thread (for the firing to end, the drain)
     * @param timer where the batches fire, on {@code nanoClock}'s time base
     */
    public OpenLoopRunner(ArrivalSchedule schedule, LongFunction<ProxyRequest> requests,
            Sender sender, SendPolicy policy, Records records,
            Consumer<RequestRecord> sink, LongSupplier nanoClock, Sleeper sleeper, FiringTimer timer) {
        super(sender, policy, records, sink, nanoClock);
        this.schedule = schedule;
        this.requests = requests;
        this.maxInFlight = policy.maxInFlight();
        this.drainTimeoutNanos = policy.drainTimeoutNanos();
        this.sleeper = sleeper;
        this.timer = timer;
    }

    /**
     * A runner that sends with {@code client}, fires on its I/O thread's timer and reads the system's clock.
     *
     * @param requests request number (from 0) to request, called on the client's I/O thread
     */
    public static OpenLoopRunner on(ProxyClient client, ArrivalSchedule schedule,
            LongFunction<ProxyRequest> requests, SendPolicy policy, Records records,
            Consumer<RequestRecord> sink) {
        return new OpenLoopRunner(schedule, requests, client::send, policy, records, sink, System::nanoTime,
                Sleeper.parking(System::nanoTime), FiringTimer.of(client, System::nanoTime));
    }

    /**
     * Fires the whole schedule on the timer, waiting on the calling thread, then drains; returns once every scheduled
     * request has a record.
     *
     * @throws IllegalStateException on a second call
     * @throws RuntimeException the first exception making a request or a record, or the sink's or the timer's,
     *     after the run has finished (every request fired has its record all the same)
     */
    @Override
    public RunnerCounters run() {
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException("an OpenLoopRunner runs once");
        }
        synchronized (firing) {
            originNanos = book.start();
            nextNanos = schedule.nextFireTimeNanos();
            setTimer(0);
        }
        while (!fired && !book.stopped()) {
            sleeper.sleepUntil(originNanos + book.elapsedNanos() + FIRING_POLL_NANOS);
        }
        synchronized (firing) {
            firingClosed = true;
        }
        long sinceLastNanos = Math.max(0, book.elapsedNanos() - lastFiredNanos);
        RunnerCounters stats = book.finish(Math.max(0, drainTimeoutNanos - sinceLastNanos), sleeper, () -> {
            synchronized (lock) {
                backlog.clear();
                this.stats.gauges(inFlight, 0);
            }
        });
        if (firingFailure != null) {
            throw firingFailure;
        }
        return stats;
    }

    /** Sets the timer for the next request, or marks the firing done when there is none. Under {@link #firing}. */
    private void setTimer(long notBeforeNanos) {
        if (nextNanos == ArrivalSchedule.NONE || book.stopped()) {
            fired = true;
            return;
        }
        try {
            timer.at(originNanos + Math.max(nextNanos, notBeforeNanos), this::tick);
        } catch (RuntimeException e) {
            firingFailure = e;
            fired = true;
        }
    }

    /**
     * One batch: fires every request due by now (reading the clock again after each, so that what falls due while
     * the batch goes out goes with it), at most {@link #MAX_BATCH}, then sets the timer for the next.
     */
    private void tick() {
        synchronized (firing) {
            if (firingClosed) {
                return;
            }
            long now = book.elapsedNanos();
            try {
                for (int batch = 0; nextNanos != ArrivalSchedule.NONE && nextNanos <= now && !book.stopped();
                        batch++) {
                    if (batch == MAX_BATCH) {
                        setTimer(now);
                        return;
                    }
                    Call call = new Call(nextNanos, requests.apply(number++));
                    nextNanos = schedule.nextFireTimeNanos();
                    lastFiredNanos = now;
                    submit(call);
                    now = book.elapsedNanos();
                }
            } catch (RuntimeException e) {
                firingFailure = e;
                fired = true;
                return;
            }
            setTimer(now);
        }
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
                book.send(next, book.elapsedNanos());
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
    @Override
    void replied(Call call) {
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
