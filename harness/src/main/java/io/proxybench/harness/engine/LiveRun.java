package io.proxybench.harness.engine;

import io.proxybench.analysis.stats.RunStatistics;
import java.util.function.Function;

/**
 * A running run as its sinks and watchers see it: the runner's counters, and the statistics of the records so far,
 * read under the lock that records are added with (so read briefly).
 */
public interface LiveRun {

    /** The runner's live counters: scheduled, sent, in flight, backlog. */
    RunnerCounters counters();

    /** {@code read} applied to the statistics of the records so far, under their lock. */
    <T> T statistics(Function<RunStatistics, T> read);

    /** The schedule's planned length, seconds; 0 when unknown. */
    double plannedSeconds();

    /** Asks the run to stop as a signal would: schedule stopped, requests in flight given a short grace. */
    void stop(StopReason reason);
}
