package io.proxybench.harness;

/** A run of requests, open or closed loop, that gives every request it starts exactly one record. */
public interface LoadRunner {

    /** Runs to the end; returns once every request started has a record. */
    RunStats run();

    /** The live counters, readable from any thread during and after the run. */
    RunStats stats();

    /**
     * Stops the run from any thread: no request starts any more, and those in flight get {@code graceNanos} for
     * their replies before they are recorded as {@link Records#ABORTED}; {@link #run} then returns as usual. The
     * first call counts.
     */
    void stop(long graceNanos);

    /** Whether {@link #stop} was called. */
    boolean stopped();
}
