package io.proxybench.cli;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.keepalive.KeepAliveExperiment;
import io.proxybench.experiments.keepalive.KeepAliveResult;
import io.proxybench.experiments.keepalive.KeepAliveTable;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
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

    /**
     * The demo's override of {@code --duration}: half the default, 100 to 600 requests per row at the default gaps,
     * under 20 s in all.
     */
    private static final Duration DEMO_ROW_TIME = Duration.ofSeconds(15);

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
        SessionTemplate sessions = sessionOptions.forExperiment(target.proxy == null);
        KeepAliveResult result;
        if (target.lab()) {
            result = onLab(tableKeepAlives, tableGaps, keepAlives, gaps, rowTime, sigmas, seed, sessions);
        } else {
            result = KeepAliveExperiment.run(new KeepAliveExperiment.Setup(target.proxy(), sessions, target.url(),
                    target.tls(), tableKeepAlives, tableGaps, keepAlives, gaps, rowTime, sigmas, seed,
                    Duration.ofMinutes(1)));
        }
        return Main.print(spec, json, result, KeepAliveTable::text);
    }

    /**
     * The demo's run: the command's defaults (the formula table and the measured rows) on a fresh lab, except
     * {@link #DEMO_ROW_TIME} per row.
     */
    static KeepAliveResult demo() throws Exception {
        KeepAliveCommand d = Main.defaults(new KeepAliveCommand());
        return onLab(d.tableKeepAlives, d.tableGaps, d.keepAlives, d.gaps, DEMO_ROW_TIME, d.sigmas, d.seed,
                d.sessionOptions.template());
    }

    /** Measures through SOCKS5 to a lab started for it, after checking the options. */
    static KeepAliveResult onLab(List<Duration> tableKeepAlives, List<Duration> tableGaps, List<Duration> keepAlives,
            List<Duration> gaps, Duration rowTime, double sigmas, long seed, SessionTemplate sessions)
            throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            ProxySpec socks = ReuseExperiment.socksTwin(ProxyOrLab.labGateway(lab));
            return KeepAliveExperiment.run(new KeepAliveExperiment.Setup(socks, sessions,
                    ProxyOrLab.labHttp(lab, "/cdn-cgi/trace"), TlsSettings.system(), tableKeepAlives, tableGaps,
                    keepAlives, gaps, rowTime, sigmas, seed, Duration.ofMinutes(1)));
        }
    }
}
