package io.proxybench.cli;

import io.proxybench.experiments.alternate.AlternatePlan;
import io.proxybench.experiments.alternate.AlternateSettings;
import io.proxybench.experiments.alternate.Alternation;
import io.proxybench.experiments.alternate.Provider;
import io.proxybench.experiments.alternate.WindowRunSettings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
        AlternatePlan plan = new AlternateSettings(urls, files, window, rounds, order, startAt, gap, outDir, force)
                .plan(this::checkRunOptions);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.print(plan.banner());
        out.flush();
        Alternation.Result result = Alternation.run(plan.plan(),
                (w, runFor, file) -> runs.get(w.label()).window(runFor, file, err), out, err);
        out.print(plan.summary(result));
        out.flush();
        return result.stopped() == null ? 0 : result.stopped().exitCode();
    }

    /**
     * Checks the run options after {@code --} as each window's run will read them, once per provider, so that a
     * mistake fails now and not hours later.
     *
     * @return the warm-up at the peak rate that precedes each window's schedule, zero without one
     */
    private Duration checkRunOptions(List<Provider> providers) {
        List<String> given = WindowRunSettings.required(runOptions);
        CommandLine parsed = parseRun(given, "");
        WindowRunSettings.refuseOwned(parsed.getParseResult()::hasMatchedOption);
        RunCommand run = parsed.getCommand();
        WindowRunSettings.checkLoad(run.ramp != null, run.rate != null || run.burst != null || run.closedLoop != null);
        WindowRunSettings fitted = WindowRunSettings.fitted(given, run.warmupLength(), run.warmUp().length() != null
                || parsed.getParseResult().hasMatchedOption("--warmup"), window);
        for (Provider p : providers) {
            RunCommand withProvider = parseRun(fitted.check(p, window, outDir), " with provider " + p.label())
                    .getCommand();
            try {
                withProvider.check();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("run options after -- with provider " + p.label() + ": "
                        + e.getMessage(), e);
            }
            runs.put(p.label(), withProvider);
        }
        return fitted.warmUp();
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
}
