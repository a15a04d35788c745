package io.proxybench.harness.engine;

import io.proxybench.client.ProxyResponse;
import io.proxybench.records.RequestRecord;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The bookkeeping both runners share: sends a call (with retries), turns its end into a record, and makes sure
 * every call gets exactly one, the unanswered ones at the drain. The sink is called from completion threads,
 * possibly concurrently, and never once {@link #finish} has returned; the first exception making a record or in the
 * sink is kept for the end of the run.
 */
final class CallBook {
    /** How often the drain checks whether every call has a record, in nanoseconds. */
    private static final long DRAIN_POLL_NANOS = 1_000_000;
    /** The longest a runner's wait goes without looking whether the run was stopped, in nanoseconds. */
    private static final long STOP_POLL_NANOS = 50_000_000;

    private final RetryingSender sender;
    private final Records records;
    private final Consumer<RequestRecord> sink;
    private final RunnerCounters stats;
    private final LongSupplier nanoClock;
    private final Consumer<Call> afterReply;
    private final UnrecordedCalls unrecorded = new UnrecordedCalls();
    /** The first exception making or sinking a record, rethrown at the run's end. */
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    private long startNanos;
    /** Set by {@link #stop}: no call is started any more. */
    private volatile boolean stopped;
    /** When a stopped run gives up on the calls in flight, on the clock's time base; none until stopped. */
    private volatile long stopDeadlineNanos = Long.MAX_VALUE;

    /**
     * @param afterReply runs after each reply was recorded or dropped, with its call, on the thread that completed
     *     the reply
     */
    CallBook(RetryingSender sender, Records records, Consumer<RequestRecord> sink, RunnerCounters stats,
            LongSupplier nanoClock, Consumer<Call> afterReply) {
        this.sender = sender;
        this.records = records;
        this.sink = sink;
        this.stats = stats;
        this.nanoClock = nanoClock;
        this.afterReply = afterReply;
    }

    /** Starts the run's time base; returns the start reading of the clock. */
    long start() {
        startNanos = nanoClock.getAsLong();
        return startNanos;
    }

    /** Nanoseconds since {@link #start()}. */
    long elapsedNanos() {
        return nanoClock.getAsLong() - startNanos;
    }

    /**
     * Stops the run: no call starts any more, and the calls in flight get {@code graceNanos} more for their replies
     * before they are recorded as {@link Records#ABORTED}. The first call counts; any thread.
     */
    void stop(long graceNanos) {
        if (!stopped) {
            stopDeadlineNanos = nanoClock.getAsLong() + graceNanos;
            stopped = true;
        }
    }

    /** Whether {@link #stop} was called. */
    boolean stopped() {
        return stopped;
    }

    /**
     * Waits until {@code deadlineNanos} after the run's start, or less once the run is stopped (it looks every
     * {@link #STOP_POLL_NANOS}).
     */
    void sleepUntilElapsed(long deadlineNanos, Sleeper sleeper) {
        for (long now; !stopped && (now = elapsedNanos()) < deadlineNanos; ) {
            sleeper.sleepUntil(startNanos + Math.min(deadlineNanos, now + STOP_POLL_NANOS));
        }
    }

    /** A call that is due: it now awaits its record. */
    void add(Call call) {
        unrecorded.add(call);
        stats.onScheduled();
    }

    /**
     * Sends {@code call}, recording {@code sentNanos} (from the run's start; the caller's reading of now) as its
     * first send; runs the book's {@code afterReply} once its reply has been turned into its record (or dropped, when
     * a drain record came first), on the thread that completed the reply, whatever making the record threw.
     */
    void send(Call call, long sentNanos) {
        call.sentNanos = sentNanos;
        stats.onSent(call.sentNanos - call.schedNanos);
        sender.send(call.sentBy(this));
    }

    /** A call's reply was recorded or dropped ({@link Call#done}). */
    void replied(Call call) {
        afterReply.accept(call);
    }

    /** A retry of a call is about to be sent ({@link Call#retrying}). */
    void retrying() {
        stats.onRetry();
    }

    /** Turns the reply into the call's record ({@link Call#done}). */
    void recordReply(Call call, ProxyResponse response, Throwable failed) {
        long doneNanos = elapsedNanos();
        RequestRecord made;
        List<RequestRecord> redirects = List.of();
        try {
            if (failed == null) {
                redirects = records.redirects(call.schedNanos, call.sentNanos, doneNanos, response);
            }
            made = failed == null
                    ? records.of(call.schedNanos, call.sentNanos, doneNanos, response, call.sends(),
                            call.firstError(), call.failedBytes())
                    : records.failed(call.schedNanos, call.sentNanos, doneNanos, failed, call.sends(),
                            call.firstError(), call.failedBytes());
        } catch (RuntimeException e) {
            // A reply that cannot be recorded is a bug: the run fails with it at its end, and the call gets its
            // record now instead of waiting out the drain for a timeout it never had.
            failure.compareAndSet(null, e);
            redirects = List.of();
            made = records.failed(call.schedNanos, call.sentNanos, doneNanos, Records.errorLabel(e),
                    call.sends(), call.firstError());
        }
        record(call, redirects, made);
    }

    /**
     * Ends a run: waits up to {@code drainTimeoutNanos} (or, once stopped, up to the stop's grace) for every call to
     * have a record, runs {@code stopSending} (so that no call is sent any more), then records every call still
     * without a record as {@link Records#TIMEOUT}, or {@link Records#ABORTED} when the run was stopped, sent or not.
     * Later replies are dropped, their calls having their record.
     *
     * @return the run's counters, once no record is still being written
     * @throws RuntimeException the first exception making a record or the sink threw
     */
    RunnerCounters finish(long drainTimeoutNanos, Sleeper sleeper, Runnable stopSending) {
        long drainDeadlineNanos = nanoClock.getAsLong() + drainTimeoutNanos;
        for (long now; !unrecorded.isEmpty()
                && (now = nanoClock.getAsLong()) < Math.min(drainDeadlineNanos, stopDeadlineNanos); ) {
            sleeper.sleepUntil(Math.min(Math.min(drainDeadlineNanos, stopDeadlineNanos), now + DRAIN_POLL_NANOS));
        }
        stopSending.run();
        giveUp(sleeper);
        RuntimeException first = failure.get();
        if (first != null) {
            throw first;
        }
        return stats;
    }

    private void giveUp(Sleeper sleeper) {
        long givenUpNanos = elapsedNanos();
        String label = stopped ? Records.ABORTED : Records.TIMEOUT;
        for (Call call : unrecorded.snapshot()) {
            boolean sent = call.sentNanos >= 0;
            record(call, List.of(), records.failed(call.schedNanos, sent ? call.sentNanos : givenUpNanos,
                    givenUpNanos, label, call.sends(), call.firstError()));
        }
        // A reply that won its record just before the deadline may still be in the sink: let it finish.
        while (!unrecorded.isEmpty()) {
            sleeper.sleepUntil(nanoClock.getAsLong() + DRAIN_POLL_NANOS);
        }
    }

    /**
     * Emits the call's record, after the records of the redirects it followed, unless it already has one (a reply
     * after the drain timeout). Only the call's own record counts as its reply.
     */
    private void record(Call call, List<RequestRecord> redirects, RequestRecord record) {
        if (!call.markRecorded()) {
            return;
        }
        try {
            redirects.forEach(sink);
            sink.accept(record);
        } catch (RuntimeException e) {
            failure.compareAndSet(null, e);
        } finally {
            stats.onRecord(record);
            unrecorded.remove(call);
        }
    }
}
