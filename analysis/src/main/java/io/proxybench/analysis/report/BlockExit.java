package io.proxybench.analysis.report;

import io.proxybench.analysis.BlockCount;
import java.util.Comparator;

/**
 * The block figures of one exit IP. Seed 002: a target that blocks exits one by one shows as a few exits with
 * high block rates long before the run's overall rate moves.
 *
 * @param ip the exit IP the target reported
 * @param requests all requests that came back through this exit
 * @param proxyFailures requests that never reached the target (rarely known per exit: they carry no IP)
 * @param hardBlocks requests the target refused outright
 * @param softBlocks requests answered without the data
 * @param blockRate share (0..1) of the target's answers that were hard or soft blocks; 0 when none answered
 */
public record BlockExit(String ip, long requests, long proxyFailures, long hardBlocks, long softBlocks,
                        double blockRate) {

    /** Highest block rate first, then most requests, then IP text. */
    static final Comparator<BlockExit> WORST_FIRST = Comparator.comparingDouble(BlockExit::blockRate).reversed()
            .thenComparing(Comparator.comparingLong(BlockExit::requests).reversed())
            .thenComparing(BlockExit::ip);

    static BlockExit of(String ip, BlockCount count) {
        return new BlockExit(ip, count.requests(), count.proxyFailures(), count.hardBlocks(), count.softBlocks(),
                count.hardRate() + count.softRate());
    }
}
