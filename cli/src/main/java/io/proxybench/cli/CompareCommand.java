package io.proxybench.cli;

import io.proxybench.analysis.compare.CompareResult;
import io.proxybench.analysis.compare.CompareSettings;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.harness.files.RunSources;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code proxybench compare}: runs side by side on seed 002's measures for a provider decision. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs side by side, a column per run, the best value of each row marked.",
            "Rows: steady throughput, p99 on new and reused tunnels, success after one retry, failures by phase, exit"
                    + " spread, stickiness, HTTP/2 to the proxy, block rates, bytes and cost per 1,000 accepted"
                    + " records.",
            "A RUN is a records file, a folder of them, or a folder written by proxybench alternate.",
            "Or providers of a watch's history over one window, a column each: compare HISTORY --provider a"
                    + " --provider b [--since 24h | --from T [--to T]]; times are UTC."})
final class CompareCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN",
            description = "Records file or run folder, named by its file name without .jsonl(.gz), a folder of shards"
                    + " by the stem they share, another folder by its own name (an alternate folder's runs by their"
                    + " labels); alike names get their parent folder's. Or a watch's history directory with"
                    + " --provider.")
    List<Path> runs;

    @Option(names = "--label", paramLabel = "NAME=LABEL", mapFallbackValue = "",
            description = "Rename a run's column, e.g. --label provider-a=A for provider-a.jsonl.")
    Map<String, String> labels = new LinkedHashMap<>();

    @Option(names = "--price-per-gb", paramLabel = "NAME=PRICE",
            description = "Price per GB (10^9 wire bytes) of a run's plan, for the cost per 1,000 accepted records;"
                    + " NAME is the run's name or its --label.")
    Map<String, Double> prices = new LinkedHashMap<>();

    @Option(names = "--country", paramLabel = "CC",
            description = "Count the exit IPs the target places in this country (as its loc, e.g. US).")
    String country;

    @CommandLine.Mixin
    HistoryOptions history = new HistoryOptions();

    @CommandLine.Mixin
    RecordReading reading = new RecordReading();

    @Option(names = "--json", description = "Print the comparison as one JSON object.")
    boolean json;

    @CommandLine.Mixin
    ThresholdOptions thresholdOptions = new ThresholdOptions();

    @Option(names = "--html", paramLabel = "DIR",
            description = "Also write the table and charts as an HTML report, DIR/index.html.")
    Path html;

    @Override
    public Integer call() throws IOException {
        Thresholds thresholds = thresholdOptions.thresholds();
        CompareSettings options = new CompareSettings(labels, prices, country);
        RunSources.Read read = RunSources.read(runs, reading.expectation(), history.query());
        CompareResult result = options.compare(read.runs(), read.notes(), read.history(), reading.asnFiles(),
                thresholds);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? result.comparison().json() + "\n" : result.comparison().text());
        if (html != null) {
            Path file = result.writeHtml(html, runs);
            if (!json) {
                out.println("report: " + file.toAbsolutePath());
            }
        }
        out.flush();
        return result.failed() ? Thresholds.FAILED_EXIT_CODE : 0;
    }
}
