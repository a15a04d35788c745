package io.proxybench.harness.files;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.analysis.report.Analysis;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code analyze} reads and how, as the user gave it; the window is checked when the options are made. Its
 * messages name the settings as the command line spells them ({@code --window}).
 *
 * @param files records files, the shards of one run (one file is a whole run)
 * @param expect what a 2xx body must hold to be data; null for none
 * @param windowSeconds the block-rate windows' length, seconds, at least 1
 */
public record AnalyzeSettings(List<Path> files, Expect expect, long windowSeconds) {

    /** @throws IllegalArgumentException for a window under 1 second */
    public AnalyzeSettings {
        files = List.copyOf(files);
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("--window " + windowSeconds + " must be at least 1 second");
        }
    }

    /**
     * The analysis of the files, read as {@link ShardFiles} (streaming, checked to be the shards of one run), their
     * exit IPs placed by {@code asns}, with the verdicts of {@code thresholds}.
     *
     * @throws IllegalArgumentException naming a file that holds no records or cannot be read, files that are not
     *     the shards of one run, or an AS file that cannot be read
     */
    public Analysis analyze(AsnFiles asns, Thresholds thresholds) {
        files.forEach(RecordFile::requireRecords);
        ShardFiles shards = ShardFiles.read(files, expect);
        shards.check();
        RunStatistics statistics = shards.statistics();
        return asns.withAsns(table -> Analysis.of(statistics, windowSeconds, table, shards.uncheckedBodies(),
                shards.cutLines())).withThresholds(thresholds.check(statistics));
    }
}
