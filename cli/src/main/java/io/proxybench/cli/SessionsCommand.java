package io.proxybench.cli;

import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.sessions.SessionsOnLab;
import io.proxybench.experiments.sessions.SessionsResult;
import io.proxybench.experiments.sessions.SessionsTable;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench sessions}: seed 002's rotation-vs-sticky comparison at fixed concurrency, and a sticky session
 * under a burst. On the embedded lab, a rotating tunnel pays the exit's setup every time and a warmed sticky session
 * does not, which is what the seed measured on a real pool.
 */
@Command(name = "sessions", mixinStandardHelpOptions = true,
        description = {"Seed 002's rotation vs sticky sessions: steady throughput at fixed concurrency with a new"
                + " tunnel per request, TLS phase, unique exits; and one sticky session under a burst.",
            "Runs on the embedded lab unless --proxy is given (credentials from PROXY_USER / PROXY_PASS)."})
final class SessionsCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "10",
            description = {"Workers, and sticky sessions (default: ${DEFAULT-VALUE}; the seed used 200 on a real"
                    + " pool).",
                "On the lab every request is a new tunnel costing about 3-4 ms of CPU (both TLS ends in one process),"
                    + " so more workers measure the CPU, not the sessions."})
    int concurrency;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s",
            description = "How long each mode runs, at least 3s (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--burst-requests", paramLabel = "N", defaultValue = "500",
            description = "Requests of each burst (default: ${DEFAULT-VALUE}).")
    int burstRequests;

    @Option(names = "--burst-tunnels", paramLabel = "N", defaultValue = "100",
            description = "Concurrent tunnels of a burst, the pool limit (default: ${DEFAULT-VALUE}).")
    int burstTunnels;

    @Option(names = "--exit-setup", paramLabel = "DURATION", defaultValue = "200ms",
            description = "Lab only: exit setup per rotating tunnel, once per sticky session"
                    + " (default: ${DEFAULT-VALUE}).")
    Duration exitSetup;

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "30ms",
            description = "Lab only: client-gateway and gateway-target round trips (default: ${DEFAULT-VALUE}).")
    Duration rtt;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        SessionsOnLab.check(concurrency, duration, burstRequests, burstTunnels);
        ExperimentTarget t = target.given(spec, "--exit-setup", "--rtt");
        SessionsOnLab onLab = onLab(sessionOptions.given().forExperiment(t.onLab()));
        SessionsResult result = t.lab() ? onLab.run() : onLab.through(t);
        return Main.print(spec, json, result, SessionsTable::text);
    }

    /** The run on the embedded lab these options ask for. */
    SessionsOnLab onLab(SessionTemplate sessions) {
        return new SessionsOnLab(sessions, concurrency, duration, burstRequests, burstTunnels, exitSetup, rtt);
    }
}
