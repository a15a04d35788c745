package io.proxybench.experiments.owners;

import io.proxybench.analysis.Percentiles;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ServerSide;
import io.proxybench.experiments.load.Crawl;
import io.proxybench.experiments.load.InFlight;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Seed 001's two lanes: the same request stream to a plain-HTTP origin through one gateway as an HTTP forward proxy
 * (the gateway terminates each request and re-originates it from its own upstream pool) and as SOCKS5 (the gateway
 * relays the client's stream 1:1, so the client's pool decides reuse), at each concurrency. Each level uses one
 * sticky session for both lanes, so both leave through one exit; the session is new at each level, so no level
 * starts with the gateway's idle connections from the one before. Figures come from the client's counters, the
 * {@link ServerSide} counters and the responses' traces.
 */
public final class OwnersExperiment {

    /**
     * The shape of a level's request stream. {@link #BURSTS}: rounds of {@code concurrency} requests sent at once,
     * each round waiting for all of its answers (a fan-out, the seed's picture). {@link #WORKERS}: {@code concurrency}
     * workers, each sending its next request as soon as its last one answered; concurrency then never dips, the
     * gentlest case for the gateway's idle pool, since a released connection is taken again at once.
     */
    public enum Stream { BURSTS, WORKERS }

    public static final String FORWARD = "http-forward";
    public static final String SOCKS5 = "socks5";

    /**
     * Fewest answered requests a lane's level needs for its p99. Below it, the 99th percentile (interpolated between
     * the closest ranks) lies over 80% of the way to the largest sample: it is the maximum under another name.
     */
    public static final int MIN_P99_SAMPLES = 20;

    /** The discarded crawl that warms the JVM, both lanes, before the first level. */
    private static final int WARM_UP_ROUNDS = 3;
    private static final int WARM_UP_CONCURRENCY = 4;

    private static final Duration KEEP_ALIVE = Duration.ofSeconds(120);

    /**
     * What the experiment runs against.
     *
     * @param forward the gateway as an HTTP(S) proxy, with the account's credentials
     * @param socks the same gateway and account as SOCKS5
     * @param template how the level's session id is written into the credentials
     * @param target a plain {@code http://} URL: an {@code https://} one would be tunnelled with CONNECT, not
     *     forwarded
     * @param tls trust for an {@code https://} proxy
     * @param concurrencies the levels, in the order they run
     * @param stream how each level's requests are sent
     * @param rounds a level sends {@code concurrency * rounds} requests: this many bursts, or this many per worker
     * @param server the gateway's dials and the origin's counts, where visible
     * @param forwardIdleCap the lab's forward idle cap, reported with the rows; null for a real proxy
     * @param targetRtt the lab's exit-to-target round trip, reported with the rows; null for a real proxy
     * @param limit how long one lane at one level may take
     */
    public record Setup(ProxySpec forward, ProxySpec socks, SessionTemplate template, URI target, TlsSettings tls,
            List<Integer> concurrencies, Stream stream, int rounds, ServerSide server, Integer forwardIdleCap,
            Duration targetRtt, Duration limit) {
        public Setup {
            concurrencies = List.copyOf(concurrencies);
            if (concurrencies.isEmpty()) {
                throw new IllegalArgumentException("--concurrency needs at least one level, e.g. 1,2,4,16,64");
            }
            concurrencies.forEach(c -> InFlight.check("--concurrency", c));
            if (rounds < 1) {
                throw new IllegalArgumentException("--rounds must be at least 1, got " + rounds);
            }
            if (forward.scheme().socks() || forward.credentials() == null) {
                throw new IllegalArgumentException("the forward lane needs an HTTP(S) proxy with credentials (the"
                        + " session is written into them); got " + forward);
            }
            if (!socks.scheme().socks() || socks.credentials() == null) {
                throw new IllegalArgumentException("the SOCKS5 lane needs a socks5:// or socks5h:// proxy with"
                        + " credentials; got " + socks);
            }
            if (!"http".equalsIgnoreCase(target.getScheme())) {
                throw new IllegalArgumentException("--url must be a plain http:// URL: an HTTP proxy forwards only"
                        + " those, an https:// one is tunnelled with CONNECT; got " + target);
            }
        }
    }

    private OwnersExperiment() {}

    /** Warms the JVM on both lanes, then runs every level: the forward lane, then the SOCKS5 lane. */
    public static OwnersResult run(Setup s) throws Exception {
        // Session ids new to this run, so that no level meets idle connections an earlier run left at the gateway.
        String run = "owners" + Long.toString(System.nanoTime() & 0xffffffffL, 36);
        for (ProxySpec lane : List.of(s.forward(), s.socks())) {
            crawl(s, lane, run + "-warm-up", WARM_UP_CONCURRENCY, WARM_UP_ROUNDS, Crawl.Observer.NONE);
        }
        List<OwnersRow> rows = new ArrayList<>();
        for (int i = 0; i < s.concurrencies().size(); i++) {
            int c = s.concurrencies().get(i);
            // The level's index, not only its concurrency: a repeated level must not inherit the one before.
            String session = run + "-l" + i + "-c" + c;
            rows.add(lane(s, FORWARD, s.forward(), session, c));
            rows.add(lane(s, SOCKS5, s.socks(), session, c));
        }
        return new OwnersResult(s.forwardIdleCap(), s.targetRtt() == null ? null : s.targetRtt().toNanos() / 1e6,
                s.stream().name().toLowerCase(Locale.ROOT), s.rounds(), rows);
    }

    private static OwnersRow lane(Setup s, String name, ProxySpec proxy, String session, int concurrency)
            throws Exception {
        LaneTally tally = new LaneTally();
        ServerSide.Counts before = s.server().read();
        Crawl.Result r = crawl(s, proxy, session, concurrency, s.rounds(), tally);
        ServerSide.Counts seen = s.server().read().since(before);
        Long targetRequests = seen.targetRequests();
        Long targetConnections = seen.targetConnections();
        String source = "lab";
        if (targetRequests == null || targetConnections == null) {
            boolean traced = tally.fullyTraced();
            targetRequests = traced ? tally.tracedRequests() : null;
            targetConnections = traced ? tally.tracedConnections() : null;
            source = traced ? "trace" : "unknown";
        }
        Double perConnection = targetRequests == null || targetConnections == null || targetConnections == 0
                ? null : (double) targetRequests / targetConnections;
        Percentiles latency = tally.latencyMillis();
        return new OwnersRow(name, concurrency, r.ok() + r.failed(), r.failed(), r.counts().created(),
                seen.upstreamDials(), targetRequests, targetConnections, perConnection, source,
                tally.tracedRequests() > 0 ? tally.exitAddresses() : null,
                latency == null ? null : latency.p50(),
                latency == null || latency.count() < MIN_P99_SAMPLES ? null : latency.p99());
    }

    /** {@code concurrency} times {@code rounds} requests of one sticky session through {@code proxy}. */
    private static Crawl.Result crawl(Setup s, ProxySpec proxy, String session, int concurrency, int rounds,
            Crawl.Observer observer) throws Exception {
        ProxyRequest request = ProxyRequest.get(s.target().toString()).withSessionKey(session);
        int requests = concurrency * rounds;
        return switch (s.stream()) {
            case BURSTS -> Crawl.inRounds(rounds, concurrency, client(s, proxy, concurrency), request, observer,
                    s.limit());
            case WORKERS -> Crawl.run(requests, concurrency, requests, t -> client(s, proxy, concurrency),
                    i -> request, observer, s.limit());
        };
    }

    /** A client that may open a connection per worker and keeps them for the whole level. */
    private static ProxyClient client(Setup s, ProxySpec proxy, int concurrency) {
        return ProxyClient.builder().proxy(proxy).sessions(s.template(), SessionRouter.stickyPerKey())
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .limits(PoolLimits.builder().maxPerKey(concurrency).maxPerExit(concurrency)
                        .maxTotal(Math.max(1024, concurrency)).keepAlive(KEEP_ALIVE).acquireTimeout(s.limit()).build())
                .build();
    }
}
