package io.proxybench.harness.files;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.read.HistoryQuery;
import io.proxybench.analysis.read.HistoryRecords;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.read.RecordFile;
import io.proxybench.analysis.report.Analysis;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.records.history.HistoryWindow;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@code analyze} reads and how, as the user gave it; the window and the history's options are checked when the
 * options are made, the files and the history when they are read. Its messages name the settings as the command line
 * spells them ({@code --window}, {@code --provider}, {@code --since}, ...).
 *
 * @param files records files, the shards of one run (one file is a whole run); or one watch history directory, with
 *     {@code history} naming its provider
 * @param expect what a 2xx body must hold to be data; null for none
 * @param windowSeconds the block-rate windows' length, seconds, at least 1
 * @param history which provider and window of a watch's history to read, as one run; {@link HistoryQuery#none()} for
 *     records files
 */
public record AnalyzeSettings(List<Path> files, Expect expect, long windowSeconds, HistoryQuery history) {

    /** @throws IllegalArgumentException for a window under 1 second */
    public AnalyzeSettings {
        files = List.copyOf(files);
        Objects.requireNonNull(history);
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("--window " + windowSeconds + " must be at least 1 second");
        }
    }

    /** Records files, no history. */
    public AnalyzeSettings(List<Path> files, Expect expect, long windowSeconds) {
        this(files, expect, windowSeconds, HistoryQuery.none());
    }

    /**
     * The analysis of the files, read as {@link ShardFiles} (streaming, checked to be the shards of one run), or of
     * the provider's window of the history ({@link HistoryRecords}, streaming), its exit IPs placed by {@code asns},
     * with the verdicts of {@code thresholds}.
     *
     * @throws IllegalArgumentException naming a file that holds no records or cannot be read, files that are not
     *     the shards of one run, or an AS file that cannot be read; for a history, as {@link HistoryQuery#window} and
     *     for a window without records
     */
    public Analysis analyze(AsnFiles asns, Thresholds thresholds) {
        HistoryWindow window = history.window(files, "analyze");
        if (window != null) {
            HistoryRecords read = HistoryRecords.read(window, expect);
            RunStatistics statistics = read.statistics();
            return asns.withAsns(table -> Analysis.of(statistics, windowSeconds, table, read.uncheckedBodies(),
                    read.cutLines())).withThresholds(thresholds.check(statistics))
                    .withHistory(HistorySpan.of(List.of(window)));
        }
        files.forEach(RecordFile::requireRecords);
        ShardFiles shards = ShardFiles.read(files, expect);
        shards.check();
        RunStatistics statistics = shards.statistics();
        return asns.withAsns(table -> Analysis.of(statistics, windowSeconds, table, shards.uncheckedBodies(),
                shards.cutLines())).withThresholds(thresholds.check(statistics));
    }
}
