package io.proxybench.harness;

/** A run of requests, open or closed loop, that gives every request it starts exactly one record. */
public interface LoadRunner {

    /** Runs to the end; returns once every request started has a record. */
    RunStats run();

    /** The live counters, readable from any thread during and after the run. */
    RunStats stats();
}
