package io.proxybench.harness.engine;

import io.proxybench.records.RequestRecord;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of an open-loop run, safe to read from another thread (a progress line) while the run updates
 * them. Each getter is current on its own; two getters read together may be a few events apart.
 */
public final class RunnerCounters {
    private final LongAdder scheduled = new LongAdder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder completed = new LongAdder();
    private final LongAdder ok = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder backlogged = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final AtomicLong maxStartLagNanos = new AtomicLong();
    private volatile int inFlight;
    private volatile int backlog;
    private volatile int backlogPeak;

    /** Requests whose scheduled time has come. */
    public long scheduled() {
        return scheduled.sum();
    }

    /** Requests handed to the sender for their first try. */
    public long sent() {
        return sent.sum();
    }

    /** Requests with a record: {@code ok + errors +} responses other than 200. */
    public long completed() {
        return completed.sum();
    }

    /** Records with status 200. */
    public long ok() {
        return ok.sum();
    }

    /** Records with an error, drain timeouts included. */
    public long errors() {
        return errors.sum();
    }

    /** Requests sent and not yet answered. */
    public int inFlight() {
        return inFlight;
    }

    /** Requests due but waiting for an in-flight slot right now. */
    public int backlog() {
        return backlog;
    }

    /** The largest backlog seen. */
    public int backlogPeak() {
        return backlogPeak;
    }

    /** Requests that waited in the backlog at all. */
    public long backlogged() {
        return backlogged.sum();
    }

    /** Sends after a failed one (retries on a new connection), apart from the first tries of {@link #sent()}. */
    public long retries() {
        return retries.sum();
    }

    /** The largest send time minus scheduled time so far, in nanoseconds. */
    public long maxStartLagNanos() {
        return maxStartLagNanos.get();
    }

    void onScheduled() {
        scheduled.increment();
    }

    void onSent(long startLagNanos) {
        sent.increment();
        maxStartLagNanos.accumulateAndGet(startLagNanos, Math::max);
    }

    void onRecord(RequestRecord record) {
        completed.increment();
        if (record.ok()) {
            ok.increment();
        }
        if (record.error() != null) {
            errors.increment();
        }
    }

    void onRetry() {
        retries.increment();
    }

    void onBacklogged() {
        backlogged.increment();
    }

    /** Called under the runner's lock whenever either gauge changes. */
    void gauges(int inFlightNow, int backlogNow) {
        inFlight = inFlightNow;
        backlog = backlogNow;
        if (backlogNow > backlogPeak) {
            backlogPeak = backlogNow;
        }
    }
}
