package io.proxybench.analysis.compare;

import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.analysis.threshold.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * What {@code compare} found ({@link CompareSettings#compare}).
 *
 * @param runs the runs under their labels, in column order
 * @param comparison their figures side by side, with their verdicts
 */
public record CompareResult(List<ComparedRun> runs, Comparison comparison) {

    /** Whether a threshold failed for any run. */
    public boolean failed() {
        return comparison.thresholds().values().stream().flatMap(List::stream).anyMatch(Verdict::failed);
    }

    /**
     * Writes the table and charts as an HTML report, {@code dir/index.html}.
     *
     * @param arguments the files and folders the runs were read from, as given, named in the report
     * @return the report's file
     */
    public Path writeHtml(Path dir, List<Path> arguments) throws IOException {
        String history = comparison.history() == null ? "" : ", " + comparison.history().heading();
        return new HtmlReport("proxybench compare", List.of("Made " + Instant.now() + " by proxybench compare from "
                + String.join(", ", arguments.stream().map(Path::toString).toList()) + history + "."),
                List.of(CompareSection.of(comparison, runs))).write(dir);
    }
}
