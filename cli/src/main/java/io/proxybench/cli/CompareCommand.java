package io.proxybench.cli;

import io.proxybench.analysis.compare.ColumnFigures;
import io.proxybench.analysis.compare.CompareSection;
import io.proxybench.analysis.compare.ComparedRun;
import io.proxybench.analysis.compare.Comparison;
import io.proxybench.analysis.report.html.HtmlReport;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.harness.files.RunSources;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code proxybench compare}: runs side by side on seed 002's measures for a provider decision. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare runs side by side, a column per run, the best value of each row marked.",
            "Rows: steady throughput, p99 on new and reused tunnels, success after one retry, failures by phase, exit"
                    + " spread, stickiness, HTTP/2 to the proxy, block rates, bytes and cost per 1,000 accepted"
                    + " records.",
            "A RUN is a records file, a folder of them, or a folder written by proxybench alternate."})
final class CompareCommand implements Callable<Integer> {

    /** Columns the text table can hold side by side. */
    static final int MAX_RUNS = 26;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RUN",
            description = "Records file or run folder, named by its file name without .jsonl(.gz), a folder of shards"
                    + " by the stem they share, another folder by its own name (an alternate folder's runs by their"
                    + " labels); alike names get their parent folder's.")
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
        String countryCode = countryCode();
        RunSources.Read read = RunSources.read(runs, reading.expectation());
        List<ComparedRun> named = named(read.runs());
        Comparison comparison = figures(named, countryCode, read.notes()).withThresholds(verdicts(named, thresholds));
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? comparison.json() + "\n" : comparison.text());
        if (html != null) {
            Path file = new HtmlReport("proxybench compare", List.of("Made " + Instant.now() + " by proxybench"
                    + " compare from " + String.join(", ", runs.stream().map(Path::toString).toList()) + "."),
                    List.of(CompareSection.of(comparison, named))).write(html);
            if (!json) {
                out.println("report: " + file.toAbsolutePath());
            }
        }
        out.flush();
        return comparison.thresholds().values().stream().flatMap(List::stream).anyMatch(Verdict::failed)
                ? Thresholds.FAILED_EXIT_CODE : 0;
    }

    /** {@code --country} in upper case, checked; null without one. */
    private String countryCode() {
        if (country != null && !country.matches("[A-Za-z]{2}")) {
            throw new IllegalArgumentException("--country " + country + " is not a two-letter country code; give"
                    + " the code the target reports as loc, e.g. US");
        }
        return country == null ? null : country.toUpperCase(Locale.ROOT);
    }

    /** The comparison of {@code named} with their prices, AS table and country, and what reading left out. */
    private Comparison figures(List<ComparedRun> named, String countryCode, List<String> readNotes) {
        Map<String, Double> price = prices(named);
        List<ColumnFigures> figures = reading.withAsns(asns -> named.stream().map(run -> ColumnFigures.of(run, asns,
                countryCode, price.get(run.label()))).toList());
        return Comparison.of(figures, readNotes);
    }

    /** Each run's verdicts, by label in column order; empty without thresholds. */
    private static Map<String, List<Verdict>> verdicts(List<ComparedRun> named, Thresholds thresholds) {
        Map<String, List<Verdict>> verdicts = new LinkedHashMap<>();
        if (!thresholds.isEmpty()) {
            for (ComparedRun run : named) {
                RunStatistics all = new RunStatistics();
                run.windows().forEach(all::add);
                verdicts.put(run.label(), thresholds.check(all));
            }
        }
        return verdicts;
    }

    /** {@code runs} under their {@code --label}s, checked: every name known, every label unique. */
    private List<ComparedRun> named(List<ComparedRun> read) {
        if (read.size() > MAX_RUNS) {
            throw new IllegalArgumentException(read.size() + " runs to compare; at most " + MAX_RUNS
                    + " fit side by side, so compare fewer at a time");
        }
        Set<String> names = new HashSet<>(read.stream().map(ComparedRun::label).toList());
        for (String name : labels.keySet()) {
            if (!names.contains(name)) {
                throw new IllegalArgumentException("--label " + name + "=... names no run; the runs are "
                        + String.join(", ", read.stream().map(ComparedRun::label).toList()));
            }
        }
        List<ComparedRun> renamed = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (ComparedRun run : read) {
            String label = labels.getOrDefault(run.label(), run.label());
            if (labels.containsKey(run.label())
                    && (label.isBlank() || label.length() > 40 || !label.strip().equals(label))) {
                throw new IllegalArgumentException("--label " + run.label() + "=" + label + " must be 1 to 40"
                        + " characters without leading or trailing spaces");
            }
            if (!seen.add(label)) {
                throw new IllegalArgumentException("two runs are labelled " + label + "; give each its own --label");
            }
            renamed.add(run.labelled(label));
        }
        return renamed;
    }

    /** Each run's price per GB, by label; a price may name a run by its first name or by its label. */
    private Map<String, Double> prices(List<ComparedRun> named) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (ComparedRun run : named) {
            byName.put(run.label(), run.label());
        }
        labels.forEach((name, label) -> byName.putIfAbsent(name, label));
        Map<String, Double> result = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : prices.entrySet()) {
            String label = byName.get(e.getKey());
            if (label == null) {
                throw new IllegalArgumentException("--price-per-gb " + e.getKey() + "=... names no run; the runs are "
                        + String.join(", ", named.stream().map(ComparedRun::label).toList()));
            }
            if (!(e.getValue() >= 0) || e.getValue().isInfinite()) {
                throw new IllegalArgumentException("--price-per-gb " + e.getKey() + "=" + e.getValue()
                        + " must be a price of 0 or more");
            }
            if (result.put(label, e.getValue()) != null) {
                throw new IllegalArgumentException("--price-per-gb names " + label + " twice; give one price per run");
            }
        }
        return result;
    }
}
