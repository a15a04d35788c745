package io.proxybench.cli;

import io.proxybench.harness.schedule.ShardSettings;
import picocli.CommandLine.Option;

/**
 * {@code run}'s options for one shard of a run spread over several processes: which part of the global schedule
 * this process fires ({@code --segment} and {@code --segment-sequence}, or {@code --shard I/N} for N equal parts),
 * and the wall time every shard starts at ({@code --start-at}); {@link ShardSettings} reads and checks them.
 */
final class ShardOptions {

    @Option(names = "--segment", paramLabel = "FROM:TO",
            description = {"Fire only this shard's part of the schedule (k6's execution segment), e.g. 0:1/4 or"
                    + " 1/4:1/2; fractions, decimals or percentages.",
                "Shards whose segments tile 0:1 and share one --segment-sequence fire every request of the schedule"
                    + " once between them, each at its global time (Poisson too, with one --seed). Records and the"
                    + " interval log name the segment; proxybench merge joins them."})
    String segment;

    @Option(names = "--segment-sequence", paramLabel = "POINTS",
            description = "The cut points every shard shares, e.g. 0,1/4,1/2,3/4,1 (default: 0, the segment's ends"
                    + " and 1, as in k6; give every shard the same one when the segments differ in size).")
    String segmentSequence;

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Shard I (from 0) of N equal ones: --shard 1/4 is --segment 1/4:2/4 --segment-sequence"
                    + " 0,1/4,2/4,3/4,1 (e.g. --shard $(JOB_COMPLETION_INDEX)/4 in a Kubernetes Indexed Job).")
    String shard;

    @Option(names = "--start-at", paramLabel = "INSTANT",
            description = "Wait until this UTC time (e.g. 2026-11-30T14:00:00Z) before the schedule starts, so that"
                    + " shards started apart run as one; a shard more than 1 s late refuses to run.")
    String startAt;

    /** The options as given. */
    ShardSettings settings() {
        return new ShardSettings(shard, segment, segmentSequence, startAt);
    }
}
