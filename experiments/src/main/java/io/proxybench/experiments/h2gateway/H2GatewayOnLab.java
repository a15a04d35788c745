package io.proxybench.experiments.h2gateway;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabGatewaySide;
import io.proxybench.experiments.LabTargets;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.OpenFiles;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.GatewayConfig;
import java.time.Duration;
import java.util.Locale;

/**
 * Seed 002's HTTP/1.1 vs HTTP/2 to the proxy, through a fresh embedded lab's {@code https://} port with a
 * client-gateway round trip injected, the gateway's connections and tunnels counted by the lab, and exits enough for
 * every request to have its own.
 *
 * @param sessions how a session id is written into the lab's account
 * @param rate requests per second in each lane
 * @param duration how long each lane's schedule runs
 * @param maxInFlight requests in flight per lane at most
 * @param maxStreams tunnels the client puts on one HTTP/2 connection to the proxy at most
 * @param rtt the client-gateway round trip
 * @param gatewayMaxStreams the gateway's streams per HTTP/2 connection, at least 1
 * @param gatewayMaxResets RST_STREAM frames per HTTP/2 connection and 30 s before the gateway closes it; 0 for none
 */
public record H2GatewayOnLab(SessionTemplate sessions, double rate, Duration duration, int maxInFlight, int maxStreams,
        Duration rtt, int gatewayMaxStreams, int gatewayMaxResets) {

    /**
     * Sockets one request in flight holds on the embedded lab, all in this process: the client's to the gateway, the
     * gateway's accepted one and its upstream, the target's accepted one.
     */
    public static final int SOCKETS_PER_REQUEST = 4;

    /**
     * The demo's sizes: {@code proxybench h2-gateway}'s defaults, except 150 req/s for 4 s per lane instead of
     * 1,000 for 10 s: two lanes in about 15 s on two cores, at a rate the HTTP/1.1 lane (two TLS handshakes per
     * request, both ends of each in this process) keeps up with there.
     */
    public static final H2GatewayOnLab DEMO = new H2GatewayOnLab(SessionTemplate.of(Dialect.lab()), 150,
            Duration.ofSeconds(4), 1024, 100, Duration.ofMillis(20), 100, GatewayConfig.NETTY_H2_MAX_RESETS);

    public H2GatewayOnLab {
        H2GatewayExperiment.checkSizes(rate, duration, maxInFlight, maxStreams);
        checkGateway(gatewayMaxStreams, gatewayMaxResets);
    }

    /** Checks the lab gateway's own limits, naming the option at fault. */
    public static void checkGateway(int gatewayMaxStreams, int gatewayMaxResets) {
        if (gatewayMaxStreams < 1) {
            throw new IllegalArgumentException("--gateway-max-streams " + gatewayMaxStreams + " must be at least 1");
        }
        if (gatewayMaxResets < 0) {
            throw new IllegalArgumentException("--gateway-max-resets " + gatewayMaxResets + " must not be negative;"
                    + " 0 turns the guard off");
        }
    }

    /**
     * Both lanes on a fresh lab when {@code target} is the lab, else through its real gateway's {@code https://}
     * endpoint to its origin ({@code rtt} and the gateway's limits unused); first checks that this process may open
     * the files the requests in flight take.
     */
    public H2GatewayResult run(ExperimentTarget target) throws Exception {
        if (target.lab()) {
            OpenFiles.check((long) maxInFlight * SOCKETS_PER_REQUEST);
            return run();
        }
        ProxySpec proxy = target.gateway();
        if (proxy.scheme() != ProxyScheme.HTTPS) {
            throw new IllegalArgumentException("--proxy " + proxy + ": h2-gateway needs the proxy's https://"
                    + " endpoint (HTTP/2 to a proxy is negotiated by TLS ALPN)");
        }
        OpenFiles.check(maxInFlight);
        return H2GatewayExperiment.run(new H2GatewayExperiment.Setup(proxy, sessions, target.origin(), target.tls(),
                rate, duration, maxInFlight, maxStreams, null, proxy.scheme().text() + "://" + proxy.host() + ":"
                + proxy.port(), Duration.ofMinutes(1)));
    }

    /** Starts the lab, runs both lanes on it, and stops it. */
    public H2GatewayResult run() throws Exception {
        // Each lane, its warm-up included, takes a new exit per request: twice the schedule's requests, plus room.
        long requests = 2 * (long) Math.ceil(rate * (duration.toNanos() / 1e9 + 1));
        int exits = (int) Math.min(ExitPool.MAX_SIZE, Math.max(LabConfig.DEFAULT_EXITS, requests));
        LabConfig config = LabConfig.builder().latency(new LatencyPlan(rtt, Duration.ZERO, Duration.ZERO))
                .h2MaxStreams(gatewayMaxStreams).h2MaxResets(gatewayMaxResets).exits(exits).build();
        try (Lab lab = Lab.start(config)) {
            String where = String.format(Locale.ROOT, "the embedded lab's https:// port, %s client-gateway round"
                    + " trip, %d streams per HTTP/2 connection, %s", Durations.format(rtt), gatewayMaxStreams,
                    gatewayMaxResets == 0 ? "no reset guard" : "a connection closed past " + gatewayMaxResets
                            + " RST_STREAM in 30 s");
            return H2GatewayExperiment.run(new H2GatewayExperiment.Setup(LabTargets.tlsGateway(lab), sessions,
                    LabTargets.https(lab, LabTargets.TRACE), TlsSettings.caFile(lab.caFile()), rate, duration,
                    maxInFlight, maxStreams, new LabGatewaySide(lab), where, Duration.ofMinutes(1)));
        }
    }
}
