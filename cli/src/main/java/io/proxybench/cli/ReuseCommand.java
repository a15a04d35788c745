package io.proxybench.cli;

import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.reuse.ReuseOnLab;
import io.proxybench.experiments.reuse.ReuseRow;
import io.proxybench.experiments.reuse.ReuseTable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench reuse}: seed 000's table. The same crawl of one origin through the four configurations and the
 * leaks, counting connections created and reused; against the embedded lab (with a client-to-gateway round trip
 * injected, so that the handshake tax shows in wall time) or a real proxy.
 */
@Command(name = "reuse", mixinStandardHelpOptions = true,
        description = {"Seed 000's reuse table: one crawl through four pool configurations and the usual leaks.",
            "Runs on the embedded lab unless --proxy is given (credentials from PROXY_USER / PROXY_PASS)."})
final class ReuseCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--socks", paramLabel = "URL", converter = ProxyUrlConverter.class,
            description = "The same gateway as SOCKS5, for the mixed-schemes row (with the lab: its own port).")
    ProxySpec socks;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--requests", paramLabel = "N", defaultValue = "200", description = "Requests per row.")
    int requests;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "16",
            description = "Requests in flight; also the sticky rows' pool limit (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--latency", paramLabel = "DURATION", defaultValue = "20ms",
            description = "Lab only: client-to-gateway round trip injected (default: ${DEFAULT-VALUE}).")
    Duration latency;

    @Option(names = "--json", description = "Print the rows as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        ReuseOnLab.check(requests, concurrency);
        ExperimentTarget t = target.given(spec, "--latency");
        List<ReuseRow> rows = onLab(sessionOptions.given().forExperiment(t.onLab())).run(t, socks);
        return Main.print(spec, json, rows, ReuseTable::text);
    }

    /** The run on the embedded lab these options ask for. */
    ReuseOnLab onLab(SessionTemplate sessions) {
        return new ReuseOnLab(sessions, requests, concurrency, latency);
    }
}
