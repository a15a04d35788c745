package io.proxybench.cli;

import io.proxybench.client.Timeouts;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.ramp.RampExperiment;
import io.proxybench.experiments.ramp.RampOnLab;
import io.proxybench.experiments.ramp.RampResult;
import io.proxybench.experiments.ramp.RampTable;
import io.proxybench.experiments.ramp.RampThresholds;
import io.proxybench.harness.plan.ProxyFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench ramp}: raises concurrency in steps against a proxy until errors or latency cross a threshold, and
 * says at which level the plan's limit shows and whose it is (the gateway's refusals, the target's blocks, or other
 * failures). On the embedded lab, {@code --lab-limit} gives the gateway a per-user concurrency limit to find.
 */
@Command(name = "ramp", mixinStandardHelpOptions = true,
        description = {"Raise concurrency in steps (one tunnel per worker, kept open) until a step's errors or p99"
                + " cross a threshold; report each step and the level at which the plan's limit shows, gateway"
                + " refusals (407/429/SOCKS5/TCP) apart from target blocks (403/429/503, challenges).",
            "Runs on the embedded lab (with --lab-limit N per user) unless --proxy or --proxy-file is given"
                    + " (credentials from the URL or PROXY_USER / PROXY_PASS)."})
final class RampCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--proxy-file", paramLabel = "FILE",
            description = "Proxy URLs, one per line ('#' comments); worker w uses the (w mod n)-th.")
    Path proxyFile;

    @Option(names = "--from", paramLabel = "N", defaultValue = "10",
            description = "Concurrency of the first step (default: ${DEFAULT-VALUE}).")
    int from;

    @Option(names = "--step", paramLabel = "N", defaultValue = "10",
            description = "Workers each step adds (default: ${DEFAULT-VALUE}).")
    int step;

    @Option(names = "--to", paramLabel = "N", defaultValue = "100",
            description = "Highest concurrency (default: ${DEFAULT-VALUE}).")
    int to;

    @Option(names = "--step-for", paramLabel = "DURATION", defaultValue = "5s",
            description = "How long each step sends requests, 1s to 10m (default: ${DEFAULT-VALUE}).")
    Duration stepFor;

    @Option(names = "--max-errors", paramLabel = "FRACTION", defaultValue = "0.01",
            description = "Share of a step's requests that may fail before the limit counts as shown"
                    + " (default: ${DEFAULT-VALUE}).")
    double maxErrors;

    @Option(names = "--max-p99", paramLabel = "DURATION",
            description = "Also past the limit when the successes' p99 exceeds this (default: no latency threshold).")
    Duration maxP99;

    @Option(names = "--timeout", paramLabel = "TIMEOUTS", defaultValue = "10s",
            description = "Per-phase timeouts of each request: one for all phases (default: ${DEFAULT-VALUE}), or"
                    + " e.g. tcp=3s,tunnel=5s,tls=5s,request=20s.")
    String timeout;

    @Option(names = "--lab-limit", paramLabel = "N", defaultValue = "0",
            description = "Lab only: the gateway's maximum concurrency per user (--max-concurrency-per-user);"
                    + " default: 0, no limit.")
    int labLimit;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<Integer> levels = RampExperiment.levels(from, step, to);
        RampExperiment.checkStepFor(stepFor);
        RampThresholds thresholds = RampThresholds.of(maxErrors, maxP99);
        Timeouts timeouts = TimeoutOption.parse(timeout);
        // Made before the branches, so that a bad --lab-limit is named first, whatever else was given.
        RampOnLab onLab = new RampOnLab(labLimit, levels, stepFor, thresholds, timeouts);
        ExperimentTarget t = target.given(spec);
        RampResult result;
        if (proxyFile != null) {
            RampOnLab.checkProxyFile(t);
            result = onLab.through(t, ProxyFile.read(proxyFile), sessionOptions.given());
        } else if (t.lab()) {
            sessionOptions.given().refuseOnLab();
            result = onLab.run();
        } else {
            result = onLab.through(t, null, sessionOptions.given());
        }
        return Main.print(spec, json, result, RampTable::text);
    }
}
