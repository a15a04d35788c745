package io.proxybench.analysis.compare;

import io.proxybench.analysis.stats.RunStatistics;
import java.util.List;

/**
 * One column of a comparison: a run's statistics under a label. A run is one or more windows, each with its own time
 * base ({@code sched} and {@code done} count from that window's start): one records file (or merged shards) is one
 * window, and {@code proxybench alternate} gives each provider one window per round. Time-based figures (steady
 * throughput, scheduled rate, requests in flight) are taken per window and then pooled; the others are over all
 * records.
 *
 * @param label the column's name
 * @param sources where the records came from, as the user named them (files or folders)
 * @param windows the statistics of each window, none empty, at least one window
 * @param uncheckedBodies answered records an expectation could not be checked on, for want of a kept body
 */
public record ComparedRun(String label, List<String> sources, List<RunStatistics> windows, long uncheckedBodies) {

    public ComparedRun {
        sources = List.copyOf(sources);
        windows = List.copyOf(windows);
        if (windows.isEmpty() || windows.stream().anyMatch(w -> w.records() == 0)) {
            throw new IllegalArgumentException("run " + label + " (" + String.join(", ", sources)
                    + ") has no records; give a records file that a run wrote");
        }
    }

    /** This run under another label. */
    public ComparedRun labelled(String newLabel) {
        return new ComparedRun(newLabel, sources, windows, uncheckedBodies);
    }
}
