package io.proxybench.cli;

import io.proxybench.analysis.report.Analysis;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.harness.files.AnalyzeSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code proxybench analyze}: the figures of a run's JSONL records, ours or the seed harness's, or of a provider's
 * window of a watch's history.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Analyse JSONL records of a run; several files are merged as shards of one run.",
            "Steady window, per-phase percentiles, failures, exits, ASNs, bytes, block outcomes and rates.",
            "Or a window of a watch's history as one run: analyze HISTORY --provider NAME [--since 24h | --from T"
                    + " [--to T]]; times are UTC."})
final class AnalyzeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "JSONL records (several = merged shards), or a watch's history directory with --provider.")
    List<Path> files;

    @CommandLine.Mixin
    HistoryOptions history = new HistoryOptions();

    @CommandLine.Mixin
    RecordReading reading;

    @Option(names = "--window", paramLabel = "SECONDS", defaultValue = "60",
            description = "Block-rate window (default: ${DEFAULT-VALUE} s).")
    long window;

    @Option(names = "--json", description = "Print the analysis as one JSON object.")
    boolean json;

    @CommandLine.Mixin
    ThresholdOptions thresholdOptions = new ThresholdOptions();

    @Override
    public Integer call() {
        AnalyzeSettings options = new AnalyzeSettings(files, reading.expectation(), window, history.query());
        Analysis analysis = options.analyze(reading.asnFiles(), thresholdOptions.thresholds());
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? analysis.json() + "\n" : analysis.text());
        out.flush();
        return analysis.thresholds().stream().anyMatch(Verdict::failed) ? Thresholds.FAILED_EXIT_CODE : 0;
    }
}
