package io.proxybench.cli;

import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.keepalive.KeepAliveOnLab;
import io.proxybench.experiments.keepalive.KeepAliveResult;
import io.proxybench.experiments.keepalive.KeepAliveTable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench keepalive}: seed 001's cold-share table {@code exp(-T/gap)}, and next to it the same measured at
 * a scaled-down time through the client's pool: on the embedded lab (SOCKS5 to its plain-HTTP target, so the client
 * owns the connection end to end) or through a real proxy.
 */
@Command(name = "keepalive", mixinStandardHelpOptions = true,
        description = {"Seed 001's keep-alive table: the cold share exp(-T/gap), next to a measurement.",
            "The cold share is the share of requests that find no warm connection; the measurement sends Poisson"
                    + " arrivals through the client's pool.",
            "Runs on the embedded lab unless --proxy is given (credentials from PROXY_USER / PROXY_PASS)."})
final class KeepAliveCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--table-keep-alive", paramLabel = "T", split = ",", splitSynopsisLabel = ",",
            defaultValue = "5s,60s,300s",
            description = "The formula table's keep-alives (default: ${DEFAULT-VALUE}, the seed's).")
    List<Duration> tableKeepAlives;

    @Option(names = "--table-gaps", paramLabel = "GAP", split = ",", splitSynopsisLabel = ",",
            defaultValue = "1s,10s,60s,540s",
            description = "The formula table's mean gaps per instance (default: ${DEFAULT-VALUE}, the seed's).")
    List<Duration> tableGaps;

    @Option(names = "--keep-alive", paramLabel = "T", split = ",", splitSynopsisLabel = ",",
            defaultValue = "50ms",
            description = "Measured keep-alives, each against each of --gaps (default: ${DEFAULT-VALUE}).")
    List<Duration> keepAlives;

    @Option(names = "--gaps", paramLabel = "GAP", split = ",", splitSynopsisLabel = ",",
            defaultValue = "25ms,50ms,150ms",
            description = "Measured mean gaps of the Poisson arrivals (default: ${DEFAULT-VALUE}).")
    List<Duration> gaps;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "30s",
            description = "How long each measured row runs; rows run at once, each sends about DURATION/GAP"
                    + " requests (default: ${DEFAULT-VALUE}).")
    Duration rowTime;

    @Option(names = "--sigmas", paramLabel = "K", defaultValue = "3",
            description = "Tolerance in binomial standard errors, sqrt(p(1-p)/n) (default: ${DEFAULT-VALUE}).")
    double sigmas;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seeds the arrivals.")
    long seed;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        ExperimentTarget t = target.given(spec);
        KeepAliveOnLab onLab = onLab(sessionOptions.given().forExperiment(t.onLab()));
        KeepAliveResult result = t.lab() ? onLab.run() : onLab.through(t);
        return Main.print(spec, json, result, KeepAliveTable::text);
    }

    /** The run on the embedded lab these options ask for. */
    KeepAliveOnLab onLab(SessionTemplate sessions) {
        return new KeepAliveOnLab(sessions, tableKeepAlives, tableGaps, keepAlives, gaps, rowTime, sigmas, seed);
    }
}
