package io.proxybench.harness.engine;

import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.records.RequestRecord;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A run of requests, open or closed loop, that gives every request it starts exactly one record: the live counters
 * and the {@link CallBook} both loops keep, and the stop they share.
 */
public abstract sealed class LoadRunner permits OpenLoopRunner, ClosedLoopRunner {

    final RunnerCounters stats = new RunnerCounters();
    final CallBook book;

    LoadRunner(Sender sender, SendPolicy policy, Records records,
            Consumer<RequestRecord> sink, LongSupplier nanoClock) {
        this.book = new CallBook(new RetryingSender(sender, policy.retries()), records, sink, stats, nanoClock,
                this::replied);
    }

    /**
     * A call this runner sent has its record (or its reply was dropped, a drain's record having come first); runs on
     * the thread that completed the reply.
     */
    abstract void replied(Call call);

    /** Runs to the end; returns once every request started has a record. */
    public abstract RunnerCounters run();

    /** The live counters, readable from any thread during and after the run. */
    public RunnerCounters stats() {
        return stats;
    }

    /**
     * Stops the run from any thread: no request starts any more, and those in flight get {@code graceNanos} for
     * their replies before they are recorded as {@link Records#ABORTED}; {@link #run} then returns as usual. The
     * first call counts.
     */
    public void stop(long graceNanos) {
        book.stop(graceNanos);
    }

    /** Whether {@link #stop} was called. */
    public boolean stopped() {
        return book.stopped();
    }
}
