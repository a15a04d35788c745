package io.proxybench.analysis.report;

import io.proxybench.analysis.BlockCount;

/**
 * The block figures of one time window of a run.
 *
 * @param startSecond the window's start, seconds after the run's start (by {@code done})
 * @param requests all requests that finished in the window
 * @param proxyFailures requests that never reached the target
 * @param hardBlocks requests the target refused outright
 * @param softBlocks requests answered without the data
 * @param blockRate share (0..1) of the target's answers that were hard or soft blocks; 0 when none answered
 */
public record BlockWindow(long startSecond, long requests, long proxyFailures, long hardBlocks, long softBlocks,
                          double blockRate) {

    static BlockWindow of(long startSecond, BlockCount count) {
        return new BlockWindow(startSecond, count.requests(), count.proxyFailures(), count.hardBlocks(),
                count.softBlocks(), count.hardRate() + count.softRate());
    }
}
