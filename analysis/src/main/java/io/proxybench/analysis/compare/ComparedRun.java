package io.proxybench.analysis.compare;

import io.proxybench.records.RequestRecord;
import java.util.List;

/**
 * One column of a comparison: a run's records under a label. A run is one or more windows, each with its own time
 * base ({@code sched} and {@code done} count from that window's start): one records file (or merged shards) is one
 * window, and {@code proxybench alternate} gives each provider one window per round. Time-based figures (steady
 * throughput, scheduled rate, requests in flight) are taken per window and then pooled; the others are over all
 * records.
 *
 * @param label the column's name
 * @param sources where the records came from, as the user named them (files or folders)
 * @param windows the records of each window, none empty, at least one window
 */
public record ComparedRun(String label, List<String> sources, List<List<RequestRecord>> windows) {

    public ComparedRun {
        sources = List.copyOf(sources);
        windows = windows.stream().map(List::copyOf).toList();
        if (windows.isEmpty() || windows.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("run " + label + " (" + String.join(", ", sources)
                    + ") has no records; give a records file that a run wrote");
        }
    }

    /** Every record of every window, in window order. */
    public List<RequestRecord> records() {
        return windows.stream().flatMap(List::stream).toList();
    }
}
