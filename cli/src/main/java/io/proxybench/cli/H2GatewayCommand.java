package io.proxybench.cli;

import io.proxybench.audit.LabGatewaySide;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.GatewaySide;
import io.proxybench.experiments.h2gateway.H2GatewayExperiment;
import io.proxybench.experiments.h2gateway.H2GatewayResult;
import io.proxybench.experiments.h2gateway.H2GatewayTable;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.OpenFiles;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.GatewayConfig;
import java.time.Duration;
import java.util.Locale;
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

    /**
     * The demo's overrides of {@code --rate} and {@code --duration}: two lanes in about 15 s on two cores, at a rate
     * the HTTP/1.1 lane (two TLS handshakes per request, both ends of each in this process) keeps up with there.
     */
    private static final double DEMO_RATE = 150;
    private static final Duration DEMO_DURATION = Duration.ofSeconds(4);

    /**
     * Sockets one request in flight holds on the embedded lab, all in this process: the client's to the gateway, the
     * gateway's accepted one and its upstream, the target's accepted one.
     */
    private static final int LAB_SOCKETS_PER_REQUEST = 4;

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
        target.labOnly(spec, "--rtt", "--gateway-max-streams", "--gateway-max-resets");
        if (gatewayMaxStreams < 1) {
            throw new IllegalArgumentException("--gateway-max-streams " + gatewayMaxStreams + " must be at least 1");
        }
        if (gatewayMaxResets < 0) {
            throw new IllegalArgumentException("--gateway-max-resets " + gatewayMaxResets + " must not be negative;"
                    + " 0 turns the guard off");
        }
        SessionTemplate sessions = sessionOptions.forExperiment(target.proxy == null);
        H2GatewayResult result;
        if (target.lab()) {
            OpenFiles.check((long) maxInFlight * LAB_SOCKETS_PER_REQUEST);
            result = onLab(sessions, rate, duration, maxInFlight, maxStreams, new LabGateway(rtt, gatewayMaxStreams,
                    gatewayMaxResets));
        } else {
            ProxySpec proxy = target.proxy();
            if (proxy.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("--proxy " + proxy + ": h2-gateway needs the proxy's https://"
                        + " endpoint (HTTP/2 to a proxy is negotiated by TLS ALPN)");
            }
            OpenFiles.check(maxInFlight);
            result = H2GatewayExperiment.run(new H2GatewayExperiment.Setup(proxy, sessions, target.url(),
                    target.tls(), rate, duration, maxInFlight, maxStreams, null, proxy.scheme().text() + "://"
                    + proxy.host() + ":" + proxy.port(), Duration.ofMinutes(1)));
        }
        return Main.print(spec, json, result, H2GatewayTable::text);
    }

    /**
     * How the lab's gateway is set up for the experiment.
     *
     * @param rtt client-gateway round trip
     * @param maxStreams the gateway's streams per HTTP/2 connection
     * @param maxResets RST_STREAM frames per HTTP/2 connection and 30 s before the gateway closes it, 0 for no limit
     */
    record LabGateway(Duration rtt, int maxStreams, int maxResets) {}

    /** The experiment on a fresh lab set up as {@code setup}, with exits enough for every request to have its own. */
    static H2GatewayResult onLab(SessionTemplate sessions, double rate, Duration duration, int maxInFlight,
            int maxStreams, LabGateway setup) throws Exception {
        // Each lane, its warm-up included, takes a new exit per request: twice the schedule's requests, plus room.
        long requests = 2 * (long) Math.ceil(rate * (duration.toNanos() / 1e9 + 1));
        int exits = (int) Math.min(ExitPool.MAX_SIZE, Math.max(LabConfig.DEFAULT_EXITS, requests));
        LabConfig config = LabConfig.builder().latency(new LatencyPlan(setup.rtt(), Duration.ZERO, Duration.ZERO))
                .h2MaxStreams(setup.maxStreams()).h2MaxResets(setup.maxResets()).exits(exits).build();
        try (Lab lab = Lab.start(config)) {
            GatewaySide gateway = new LabGatewaySide(lab);
            String where = String.format(Locale.ROOT, "the embedded lab's https:// port, %s client-gateway round"
                    + " trip, %d streams per HTTP/2 connection, %s", Durations.format(setup.rtt()), setup.maxStreams(),
                    setup.maxResets() == 0 ? "no reset guard" : "a connection closed past " + setup.maxResets()
                            + " RST_STREAM in 30 s");
            return H2GatewayExperiment.run(new H2GatewayExperiment.Setup(ProxyOrLab.labTlsGateway(lab), sessions,
                    ProxyOrLab.labHttps(lab, "/cdn-cgi/trace"), TlsSettings.caFile(lab.caFile()), rate, duration,
                    maxInFlight, maxStreams, gateway, where, Duration.ofMinutes(1)));
        }
    }

    /**
     * The demo's run: the command's defaults on a fresh lab, except {@link #DEMO_RATE} req/s for {@link
     * #DEMO_DURATION} per lane.
     */
    static H2GatewayResult demo() throws Exception {
        H2GatewayCommand d = Main.defaults(new H2GatewayCommand());
        return onLab(d.sessionOptions.template(), DEMO_RATE, DEMO_DURATION, d.maxInFlight, d.maxStreams,
                new LabGateway(d.rtt, d.gatewayMaxStreams, d.gatewayMaxResets));
    }
}
