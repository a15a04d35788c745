package io.proxybench.cli;

import io.proxybench.analysis.compare.WindowEntry;
import io.proxybench.experiments.alternate.AlternateTable;
import io.proxybench.experiments.alternate.Alternation;
import io.proxybench.experiments.alternate.Window;
import io.proxybench.experiments.alternate.WindowGrid;
import io.proxybench.experiments.alternate.WindowOrder;
import io.proxybench.harness.Durations;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
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

/**
 * {@code proxybench alternate}: seed 002's alternating windows. Each round gives every provider one window of
 * {@code proxybench run} (the options after {@code --}, the same for all), in turn, on a fixed grid of start times;
 * each window writes {@code DIR/LABEL/window-NN.jsonl} and its interval log, and a line of {@code DIR/windows.jsonl}
 * once it has finished. No proxy URL or credential is written or printed.
 */
@Command(name = "alternate", mixinStandardHelpOptions = true,
        description = {"Alternate providers in the same hours: give each provider a window of 'proxybench run' in"
                + " turn, round after round, on a fixed grid of start times (seed 002: 30-minute windows, repeated"
                + " on another day with the same --start-at time, because blocking changes through the day).",
            "Writes DIR/LABEL/window-NN.jsonl (+ .hlog) per window and DIR/windows.jsonl, a line per finished"
                + " window; then compare the providers with 'proxybench compare DIR'.",
            "Example: proxybench alternate --provider a=http://u:p@gw1:8080 --provider-file b=b.txt --window 30m"
                + " --rounds 4 --out-dir day1 -- --url https://target/ --rate 20 --sessions 20"
                + " --session-template '{pass}_session-{id}'"})
final class AlternateCommand implements Callable<Integer> {

    /** Run options the command sets for each window, and why: what a user who gives one after -- should do. */
    private static final Map<String, String> OWNED = owned();

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--provider", paramLabel = "LABEL[:DIALECT]=PROXY_URL",
            description = "A provider and its proxy URL, e.g. a=http://user:pass@gw1:8080; repeat, at least two"
                    + " providers in all. Labels (letters, digits, '_', '.', '-') name the folders; :DIALECT"
                    + " (oxylabs, brightdata, ...) writes its windows' sessions in that provider's syntax.")
    List<String> urls;

    @Option(names = "--provider-file", paramLabel = "LABEL=FILE",
            description = "A provider whose proxy URLs are in FILE, one per line, as run --proxy-file reads them:"
                    + " credentials stay out of the process list.")
    List<String> files;

    @Option(names = "--window", paramLabel = "DURATION", defaultValue = "30m",
            description = "Each window's length, at least 1s: the run's --duration (default: ${DEFAULT-VALUE}).")
    Duration window;

    @Option(names = "--rounds", paramLabel = "N", required = true,
            description = "Rounds; each gives every provider one window.")
    int rounds;

    @Option(names = "--order", paramLabel = "abab|abba", defaultValue = "abba",
            description = "abba (default) reverses the order every other round, so a drift through the day weighs on"
                    + " every provider alike; abab keeps the order given.")
    String order;

    @Option(names = "--start-at", paramLabel = "INSTANT",
            description = "When the first window starts, a UTC time such as 2026-11-30T17:00:00Z (default: now);"
                    + " give the same time of day on another day to repeat the same hours.")
    String startAt;

    @Option(names = "--gap", paramLabel = "DURATION", defaultValue = "0s",
            description = "A pause after each window (default: ${DEFAULT-VALUE}).")
    Duration gap;

    @Option(names = "--out-dir", paramLabel = "DIR", required = true,
            description = "Where the windows' records and the index windows.jsonl go.")
    Path outDir;

    @Option(names = "--force",
            description = "Start over in a --out-dir that holds an earlier windows.jsonl: a new index, each window's"
                    + " files overwritten when it runs.")
    boolean force;

    @Parameters(paramLabel = "RUN_OPTION",
            description = "After --: the options of each window's run (--url, --rate or --burst/--every, --ca,"
                    + " --sessions, --timeout, --retries, --expect, ...); see 'proxybench run --help'.")
    List<String> runOptions;

    /**
     * Each provider's run, read once from the options after {@code --} and the provider's own, and checked; each of
     * its windows runs it with the window's length and records file.
     */
    private final Map<String, RunCommand> runs = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        List<Provider> providers = providers();
        if (window.compareTo(WindowGrid.SHORTEST) < 0) {
            throw new IllegalArgumentException("--window " + Durations.format(window) + " is shorter than 1s; the"
                    + " seed's windows are 30m");
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds " + rounds + " must be at least 1");
        }
        WindowOrder windowOrder = WindowOrder.of(order);
        Duration warmUp = checkRunOptions(providers);
        Alternation.Plan plan = new Alternation.Plan(providers.stream().map(Provider::label).toList(), windowOrder,
                rounds, new WindowGrid(first(), window, gap), warmUp, outDir);
        prepare(plan.index());
        List<Window> windows = plan.windows();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.printf(Locale.ROOT, "alternate: %,d providers, %,d rounds of %s windows (%s), %,d windows from %s to %s%n",
                providers.size(), rounds, Durations.format(window), windowOrder, windows.size(), plan.grid().first(),
                plan.grid().end(windows.size() - 1));
        providers.forEach(p -> out.println("  " + p));
        out.flush();
        Alternation.Result result = Alternation.run(plan,
                (w, runFor, file) -> runs.get(w.label()).window(runFor, file, err), out, err);
        out.printf("%n%s%nindex: %s%neach window's whole summary: proxybench analyze %s%nnext: proxybench compare %s%n",
                AlternateTable.text(result.finished()), plan.index(), outDir.resolve(windows.get(0).file(rounds)),
                outDir);
        out.flush();
        return result.stopped() == null ? 0 : result.stopped().exitCode();
    }

    /** The --provider and --provider-file providers, in that order: at least two, their labels unique. */
    private List<Provider> providers() {
        List<Provider> providers = new ArrayList<>();
        (urls == null ? List.<String>of() : urls).forEach(u -> providers.add(Provider.ofUrl(u)));
        (files == null ? List.<String>of() : files).forEach(f -> providers.add(Provider.ofFile(f)));
        if (providers.size() < 2) {
            throw new IllegalArgumentException("give at least two providers to alternate, each as --provider"
                    + " LABEL=PROXY_URL or --provider-file LABEL=FILE (one provider is a plain 'proxybench run')");
        }
        Set<String> labels = new HashSet<>();
        for (Provider p : providers) {
            if (!labels.add(p.label())) {
                throw new IllegalArgumentException("provider label '" + p.label() + "' is given twice; give each"
                        + " provider its own label");
            }
        }
        return providers;
    }

    /** When the first window starts: --start-at, or now. */
    private Instant first() {
        if (startAt == null) {
            return Instant.now().truncatedTo(ChronoUnit.MILLIS);
        }
        Instant at = ShardOptions.startAt(startAt);
        long lateMillis = Duration.between(at, Instant.now()).toMillis();
        if (lateMillis > Alternation.LATE_MILLIS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--start-at %s passed %.1f s ago; give a"
                    + " later time, or leave it out to start now", startAt, lateMillis / 1e3));
        }
        return at;
    }

    /**
     * Checks the run options after {@code --} as each window's run will read them, once per provider, so that a
     * mistake fails now and not hours later.
     *
     * @return the warm-up at the peak rate that precedes each window's schedule, zero without one
     */
    private Duration checkRunOptions(List<Provider> providers) {
        if (runOptions == null || runOptions.isEmpty()) {
            throw new IllegalArgumentException("give the windows' run options after --, e.g. -- --url"
                    + " https://target/ --rate 10 (see 'proxybench run --help')");
        }
        CommandLine given = parseRun(runOptions, "");
        for (Map.Entry<String, String> owned : OWNED.entrySet()) {
            if (given.getParseResult().hasMatchedOption(owned.getKey())) {
                throw new IllegalArgumentException(owned.getKey() + " after -- is alternate's to set: "
                        + owned.getValue());
            }
        }
        RunCommand run = given.getCommand();
        if (run.ramp != null) {
            throw new IllegalArgumentException("--ramp after -- sets its own length, but each window lasts --window:"
                    + " give --rate (or --burst and --every) after --, or run the ramp on its own");
        }
        if (run.rate == null && run.burst == null && run.closedLoop == null) {
            throw new IllegalArgumentException("give the windows' load after --: --rate PER_SECOND, or --burst SIZE"
                    + " --every DURATION (each window's run lasts --window)");
        }
        Duration warmUp = run.warmupLength();
        if (run.warmUp().length() == null && !given.getParseResult().hasMatchedOption("--warmup")
                && warmUp.plus(WindowGrid.SHORTEST).compareTo(window) > 0) {
            // The default warm-up is the run's to choose; where a window leaves no room for its timed part, the
            // request per session is all there is.
            runOptions = new ArrayList<>(runOptions);
            runOptions.addAll(List.of("--warmup", "sessions"));
            warmUp = Duration.ZERO;
        }
        if (warmUp.plus(WindowGrid.SHORTEST).compareTo(window) > 0) {
            throw new IllegalArgumentException("--warmup " + Durations.format(warmUp) + " after -- leaves less"
                    + " than 1s of each " + Durations.format(window) + " window; give a shorter --warmup (sessions"
                    + " or none for no timed part) or a longer --window");
        }
        for (Provider p : providers) {
            List<String> args = new ArrayList<>(runOptions);
            args.addAll(p.runOptions());
            // A named records file, which checking does not create: without one, run's check would reserve its
            // default results.jsonl in the current directory, and leave it there empty.
            args.addAll(List.of("--duration", Durations.format(window), "--out",
                    outDir.resolve(p.label() + "-check.jsonl").toString()));
            RunCommand withProvider = parseRun(args, " with provider " + p.label()).getCommand();
            try {
                withProvider.check();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run options after -- with provider " + p.label() + ": "
                        + e.getMessage(), e);
            }
            runs.put(p.label(), withProvider);
        }
        return warmUp;
    }

    /** {@code args} read by {@code run}'s command, as the window's run will read them; nothing runs. */
    private static CommandLine parseRun(List<String> args, String context) {
        CommandLine run;
        try {
            run = Main.runOptions(args);
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("run options after --" + context + ": " + e.getMessage()
                    + " (see 'proxybench run --help')", e);
        }
        if (run.isUsageHelpRequested() || run.isVersionHelpRequested()) {
            throw new IllegalArgumentException("for the run options after --, see 'proxybench run --help'");
        }
        return run;
    }

    /** Makes the output folder; refuses one that holds an earlier index, unless --force. */
    private void prepare(Path index) throws IOException {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new IllegalArgumentException("--out-dir " + outDir + " is a file; give a directory");
        }
        if (Files.exists(index)) {
            if (!force) {
                throw new IllegalArgumentException("--out-dir " + outDir + " already holds " + WindowEntry.INDEX
                        + " from an earlier alternate; give another --out-dir, or --force to start over in it");
            }
            Files.delete(index);
        }
        Files.createDirectories(outDir);
    }

    private static Map<String, String> owned() {
        Map<String, String> owned = new LinkedHashMap<>();
        String proxy = "each window goes through its provider; give providers as --provider LABEL=PROXY_URL or"
                + " --provider-file LABEL=FILE before --";
        owned.put("--proxy", proxy);
        owned.put("--proxy-file", proxy);
        String files = "each window writes DIR/LABEL/window-NN.jsonl and its .hlog; choose DIR with --out-dir";
        owned.put("--out", files);
        owned.put("--provider", "providers differ in their session syntax; give each one's as --provider"
                + " LABEL:DIALECT=PROXY_URL (e.g. a:oxylabs=http://...) before --");
        owned.put("--hdr-log", files);
        owned.put("--no-records", "alternate's figures and index come from each window's records; leave it out");
        owned.put("--json", "alternate prints each window's figures; for a window's figures as JSON, run"
                + " 'proxybench analyze DIR/LABEL/window-NN.jsonl --json'");
        owned.put("--duration", "each window's run lasts --window; give --window before --");
        owned.put("--start-at", "give --start-at before --, where it sets when the first window starts");
        String shard = "each window runs its whole schedule in this process; leave it out";
        owned.put("--shard", shard);
        owned.put("--segment", shard);
        owned.put("--segment-sequence", shard);
        String metrics = "each window is a run of its own, whose endpoint would come and go; leave it out";
        owned.put("--metrics-port", metrics);
        owned.put("--metrics-host", metrics);
        owned.put("--metrics-linger", metrics);
        return Collections.unmodifiableMap(owned);
    }
}
