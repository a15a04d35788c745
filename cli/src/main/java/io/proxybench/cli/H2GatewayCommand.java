package io.proxybench.cli;

import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.h2gateway.H2GatewayExperiment;
import io.proxybench.experiments.h2gateway.H2GatewayOnLab;
import io.proxybench.experiments.h2gateway.H2GatewayResult;
import io.proxybench.experiments.h2gateway.H2GatewayTable;
import io.proxybench.lab.gateway.GatewayConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code proxybench h2-gateway}: seed 002's "carry many rotating tunnels on 1 gateway connection". The same open loop,
 * a new tunnel and exit per request, through an {@code https://} proxy over HTTP/1.1 and then over HTTP/2: over
 * HTTP/1.1 every tunnel in flight holds a connection to the gateway, over HTTP/2 a few connections carry them all.
 */
@Command(name = "h2-gateway", mixinStandardHelpOptions = true,
        description = {"Seed 002's HTTP/2 to the proxy: an open loop with a new tunnel (and exit) per request,"
                + " through an https:// proxy over HTTP/1.1, then over HTTP/2; gateway connections at their peak and"
                + " in total, tunnels, unique exits per success, latency per phase.",
            "Runs on the embedded lab unless --proxy https://... is given (credentials from PROXY_USER /"
                    + " PROXY_PASS)."})
final class H2GatewayCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ProxyOrLab target;

    @Option(names = "--rate", paramLabel = "PER_SECOND", defaultValue = "1000",
            description = "Requests per second in each lane (default: ${DEFAULT-VALUE}, the seed's).")
    double rate;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s",
            description = "How long each lane's schedule runs (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--max-in-flight", paramLabel = "N", defaultValue = "1024",
            description = "Requests in flight per lane at most; later ones wait in a counted backlog, their latency"
                    + " still counting from their scheduled start (default: ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--max-streams", paramLabel = "N", defaultValue = "100",
            description = "Tunnels the client puts on one HTTP/2 connection to the proxy at most; the proxy's own"
                    + " limit applies too (default: ${DEFAULT-VALUE}).")
    int maxStreams;

    @CommandLine.Mixin
    SessionOptions sessionOptions = new SessionOptions();

    @Option(names = "--rtt", paramLabel = "DURATION", defaultValue = "20ms",
            description = "Lab only: client-gateway round trip, paid by every handshake with the gateway (default:"
                    + " ${DEFAULT-VALUE}).")
    Duration rtt;

    @Option(names = "--gateway-max-streams", paramLabel = "N", defaultValue = "100",
            description = "Lab only: the gateway's SETTINGS_MAX_CONCURRENT_STREAMS, streams per HTTP/2 connection"
                    + " (default: ${DEFAULT-VALUE}).")
    int gatewayMaxStreams;

    @Option(names = "--gateway-max-resets", paramLabel = "N", defaultValue = "" + GatewayConfig.NETTY_H2_MAX_RESETS,
            description = {"Lab only: RST_STREAM frames one HTTP/2 connection may send per 30 s before the gateway"
                    + " closes it, the rapid-reset guard HTTP/2 servers have (default: ${DEFAULT-VALUE}, Netty's);"
                    + " 0 for none.",
                "The project's client ends finished tunnels with END_STREAM and does not trip it; a client that resets"
                    + " each one (RST_STREAM) does once a connection has carried that many tunnels in 30 s."})
    int gatewayMaxResets;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        H2GatewayExperiment.checkSizes(rate, duration, maxInFlight, maxStreams);
        ExperimentTarget t = target.given(spec, "--rtt", "--gateway-max-streams", "--gateway-max-resets");
        H2GatewayOnLab.checkGateway(gatewayMaxStreams, gatewayMaxResets);
        H2GatewayResult result = onLab(sessionOptions.given().forExperiment(t.onLab())).run(t);
        return Main.print(spec, json, result, H2GatewayTable::text);
    }

    /** The run on the embedded lab these options ask for; checks the gateway's options. */
    H2GatewayOnLab onLab(SessionTemplate sessions) {
        return new H2GatewayOnLab(sessions, rate, duration, maxInFlight, maxStreams, rtt, gatewayMaxStreams,
                gatewayMaxResets);
    }
}
