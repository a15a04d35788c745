package io.proxybench.experiments.h2gateway;

import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.GatewaySide;
import io.proxybench.experiments.load.InFlight;
import io.proxybench.experiments.load.PeakSampler;
import io.proxybench.harness.Durations;
import io.proxybench.harness.engine.OpenLoopRunner;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.engine.RunnerCounters;
import io.proxybench.harness.plan.SendPolicy;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.summary.ProxyConnections;
import io.proxybench.records.RequestRecord;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Seed 002's "carry many rotating tunnels on 1 gateway connection": an open loop at a fixed rate through an {@code
 * https://} proxy, every request on a new tunnel with a session of its own (so a new exit per tunnel), run twice, one
 * lane after the other: HTTP/1.1 to the proxy (each tunnel its own TLS connection to the gateway) and HTTP/2 (each
 * tunnel a CONNECT stream on a shared one). Per lane: gateway connections at their peak and in total, tunnels, unique
 * exits per success, and latency per phase. The clients speak HTTP/1.1 to the origin, as the seed's harness does.
 *
 * <p>Before the lanes, each protocol runs once at a lower rate on a throwaway client, so that the JIT has compiled
 * both paths when the first measured lane starts; before each lane, the experiment waits (bounded) for the gateway's
 * connections of the one before to close.
 */
public final class H2GatewayExperiment {

    /** How often open connections are counted, as seed 002's script did. */
    static final Duration SAMPLE_PERIOD = Duration.ofMillis(50);

    /** Highest arrival rate a lane may have, requests per second. */
    public static final double MAX_RATE = 20_000;
    /** Longest lane. */
    public static final Duration MAX_LENGTH = Duration.ofMinutes(10);

    private static final Duration WARM_UP = Duration.ofSeconds(1);
    private static final double WARM_UP_MAX_RATE = 200;
    /** Longest wait for the gateway's connections of a lane to close before the next starts. */
    private static final Duration QUIET_WAIT = Duration.ofSeconds(5);

    private static final String LAB_PEAK = "lab: open client connections, sampled every 50 ms";
    private static final String LAB_OPENED = "lab: client connections accepted";
    private static final String LAB_TUNNELS = "lab: CONNECT tunnels + HTTP/2 CONNECT streams";
    private static final String CLIENT_PEAK = "client: open tunnels, one proxy connection each, sampled every 50 ms";
    private static final String CLIENT_PEAK_H2 = "client: open HTTP/2 proxy connections, sampled every 50 ms";
    private static final String CLIENT_OPENED_H1 = "client: connections opened, one per tunnel";
    private static final String CLIENT_OPENED_H2 = "client: HTTP/2 proxy connections + fallback tunnels opened";
    private static final String CLIENT_TUNNELS = "client: tunnels opened";

    /** The two lanes, in the order they run. */
    private enum Lane {
        HTTP1("HTTP/1.1 proxy", ProxyProtocol.HTTP1, "http/1.1"),
        HTTP2("HTTP/2 proxy", ProxyProtocol.H2_PREFERRED, "h2");

        final String label;
        final ProxyProtocol protocol;
        final String alpn;

        Lane(String label, ProxyProtocol protocol, String alpn) {
            this.label = label;
            this.protocol = protocol;
            this.alpn = alpn;
        }
    }

    /**
     * What the experiment runs against.
     *
     * @param proxy an {@code https://} proxy with the account's credentials (each request's session is written into
     *     them)
     * @param template how a session id is written into the credentials
     * @param target the origin's URL, e.g. a trace endpoint that reports {@code ip=}
     * @param tls what the origin's and the proxy's certificates must chain to
     * @param ratePerSecond constant arrival rate of each lane, above 0, at most {@link #MAX_RATE}
     * @param length how long each lane's schedule runs, at least 1 s, at most {@link #MAX_LENGTH}
     * @param maxInFlight most requests in flight per lane, 1 to {@link InFlight#MAX}; later ones wait in a counted
     *     backlog, their latency still counting from their scheduled start
     * @param maxStreams most tunnels the client puts on one HTTP/2 connection to the proxy, at least 1
     * @param gateway the gateway's own counters (the embedded lab's), or null for a real proxy
     * @param where the gateway in words, for the table: never with credentials
     * @param limit how long a lane may take past its schedule before its unanswered requests count as timed out
     */
    public record Setup(ProxySpec proxy, SessionTemplate template, URI target, TlsSettings tls, double ratePerSecond,
            Duration length, int maxInFlight, int maxStreams, GatewaySide gateway, String where, Duration limit) {
        public Setup {
            checkSizes(ratePerSecond, length, maxInFlight, maxStreams);
            if (proxy.scheme() != ProxyScheme.HTTPS) {
                throw new IllegalArgumentException("the h2-gateway experiment needs an https:// proxy (HTTP/2 to a"
                        + " proxy is negotiated by TLS ALPN); got " + proxy);
            }
            if (proxy.credentials() == null) {
                throw new IllegalArgumentException("the h2-gateway experiment needs a proxy with credentials, so that"
                        + " each request's session can be written into them; got " + proxy);
            }
        }
    }

    private H2GatewayExperiment() {}

    /**
     * Checks the sizes a {@link Setup} takes, before anything is started for it.
     *
     * @throws IllegalArgumentException naming the option out of range ({@code --rate}, {@code --duration}, {@code
     *     --max-in-flight} or {@code --max-streams}), its value and the range to use
     */
    public static void checkSizes(double ratePerSecond, Duration length, int maxInFlight, int maxStreams) {
        if (!(ratePerSecond > 0) || ratePerSecond > MAX_RATE) {
            throw new IllegalArgumentException("--rate " + ratePerSecond + " is out of range: above 0, at most "
                    + (long) MAX_RATE + " requests per second");
        }
        if (length.compareTo(Duration.ofSeconds(1)) < 0 || length.compareTo(MAX_LENGTH) > 0) {
            throw new IllegalArgumentException("--duration " + Durations.format(length) + " is out of range: at least"
                    + " 1s, at most " + Durations.format(MAX_LENGTH));
        }
        InFlight.check("--max-in-flight", maxInFlight);
        if (maxStreams < 1) {
            throw new IllegalArgumentException("--max-streams " + maxStreams + " must be at least 1");
        }
    }

    /** Warms both paths up, then runs the HTTP/1.1 lane and the HTTP/2 lane. */
    public static H2GatewayResult run(Setup s) throws Exception {
        long openBefore = s.gateway() == null ? 0 : s.gateway().openConnections();
        for (Lane lane : Lane.values()) {
            try (ProxyClient client = client(s, lane)) {
                runLoop(s, client, Math.min(s.ratePerSecond(), WARM_UP_MAX_RATE), WARM_UP, r -> { });
            }
        }
        List<H2GatewayLane> lanes = new ArrayList<>();
        for (Lane lane : Lane.values()) {
            waitForQuiet(s, openBefore);
            lanes.add(measure(s, lane));
        }
        return new H2GatewayResult(s.where(), s.ratePerSecond(), s.length().toNanos() / 1e9, s.maxInFlight(),
                s.maxStreams(), lanes);
    }

    /** One lane on a fresh client: the schedule, the gateway's open connections sampled all along. */
    private static H2GatewayLane measure(Setup s, Lane lane) throws Exception {
        try (ProxyClient client = client(s, lane)) {
            GatewaySide.Counts gatewayBefore = s.gateway() == null ? null : s.gateway().counts();
            long openBefore = s.gateway() == null ? 0 : s.gateway().openConnections();
            Counts clientBefore = client.counters().total();
            GatewayStats statsBefore = client.gatewayStats();
            LongSupplier open = s.gateway() != null ? s.gateway()::openConnections
                    : lane == Lane.HTTP1 ? () -> client.poolGauges().total()
                    : () -> client.gatewayStats().openGatewayConnections();
            List<RequestRecord> records = Collections.synchronizedList(new ArrayList<>());
            PeakSampler sampler = PeakSampler.start(open, SAMPLE_PERIOD);
            RunnerCounters stats;
            try {
                stats = runLoop(s, client, s.ratePerSecond(), s.length(), records::add);
            } finally {
                sampler.close();
            }
            long peak = sampler.peak() - openBefore;
            Counts clientCounts = client.counters().total().since(clientBefore);
            GatewayStats statsAfter = client.gatewayStats();
            List<RequestRecord> all = List.copyOf(records);
            long opened;
            long tunnels;
            String openedFrom;
            String tunnelsFrom;
            if (s.gateway() != null) {
                GatewaySide.Counts counted = s.gateway().counts().since(gatewayBefore);
                opened = counted.connections();
                tunnels = counted.tunnels();
                openedFrom = LAB_OPENED;
                tunnelsFrom = LAB_TUNNELS;
            } else {
                opened = lane == Lane.HTTP1 ? clientCounts.created()
                        : statsAfter.gatewayConnections() - statsBefore.gatewayConnections()
                                + statsAfter.fallbackTunnels() - statsBefore.fallbackTunnels();
                tunnels = clientCounts.created();
                openedFrom = lane == Lane.HTTP1 ? CLIENT_OPENED_H1 : CLIENT_OPENED_H2;
                tunnelsFrom = CLIENT_TUNNELS;
            }
            String peakFrom = s.gateway() != null ? LAB_PEAK : lane == Lane.HTTP1 ? CLIENT_PEAK : CLIENT_PEAK_H2;
            return lane(lane, all, stats, peak, peakFrom, opened, openedFrom, tunnels, tunnelsFrom,
                    lane == Lane.HTTP2 ? ProxyConnections.of(statsBefore, statsAfter, RunStatistics.of(all)) : null);
        }
    }

    private static H2GatewayLane lane(Lane lane, List<RequestRecord> records, RunnerCounters stats, long peak,
            String peakFrom, long opened, String openedFrom, long tunnels, String tunnelsFrom,
            ProxyConnections proxyConnections) {
        RunStatistics figures = RunStatistics.of(records);
        long ok = figures.ok();
        long exits = figures.exits().uniqueIps();
        double lagP99 = figures.timeline().startLagP99Ms(false);
        return new H2GatewayLane(lane.label, lane.alpn, records.size(), ok, figures.outcomes().errors(),
                figures.timeline().steady().map(SteadyWindow::median).orElse(null), Double.isNaN(lagP99) ? 0 : lagP99,
                stats.backlogPeak(), peak, peakFrom, opened, openedFrom, tunnels, tunnelsFrom,
                opened == 0 ? null : (double) tunnels / opened, exits, ok == 0 ? null : (double) exits / ok,
                figures.latency().phases(), proxyConnections);
    }

    /** The open loop at {@code rate} for {@code length}, each request on a session (and tunnel) of its own. */
    private static RunnerCounters runLoop(Setup s, ProxyClient client, double rate, Duration length,
            Consumer<RequestRecord> sink) {
        ProxyRequest request = ProxyRequest.get(s.target().toString()).withSessionKey("h2-gateway");
        return OpenLoopRunner.on(client, ArrivalSchedule.constant(rate, length), n -> request,
                new SendPolicy(s.maxInFlight(), 0, s.limit().toNanos()), Records.plain(), sink).run();
    }

    /**
     * Waits until the gateway has no more connections open than before the experiment (the last lane's closing), at
     * most {@link #QUIET_WAIT}; on a real proxy, whose connections cannot be seen, returns at once.
     */
    private static void waitForQuiet(Setup s, long openBefore) throws InterruptedException {
        long deadline = System.nanoTime() + QUIET_WAIT.toNanos();
        while (s.gateway() != null && s.gateway().openConnections() > openBefore && System.nanoTime() < deadline) {
            Thread.sleep(SAMPLE_PERIOD.toMillis());
        }
    }

    /**
     * A client that gives every request a session of its own (so a new tunnel, closed after its request) and asks
     * the proxy for {@code lane}'s protocol; HTTP/1.1 to the origin.
     */
    private static ProxyClient client(Setup s, Lane lane) {
        int cap = s.maxInFlight();
        return ProxyClient.builder().proxy(s.proxy()).sessions(s.template(), SessionRouter.perRequest())
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .proxyProtocol(lane.protocol).maxStreamsPerProxyConnection(s.maxStreams())
                .limits(PoolLimits.builder().maxPerKey(cap).maxPerExit(cap).maxTotal(Math.max(1024, cap))
                        .keepAlive(Duration.ZERO).acquireTimeout(s.limit()).build())
                .build();
    }
}
