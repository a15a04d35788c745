package io.proxybench.experiments.sessions;

import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Counts;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.load.FixedConcurrency;
import io.proxybench.experiments.load.InFlight;
import io.proxybench.records.RequestRecord;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * Seed 002's rotation-vs-sticky comparison. At a fixed concurrency, every request on a new tunnel: (a) through the
 * rotating gateway (no session, so a new exit per tunnel), (b) through one sticky session per worker, each warmed
 * with one request first. Then stickiness under a burst: one warmed session, many requests over many concurrent
 * tunnels, next to the same burst without a session. Steady throughput follows the seed's {@code steady.py}
 * ({@link SteadyWindow}); the TLS phase includes what the exit still had to set up, as in the seed. The clients speak
 * HTTP/1.1 to the target, as the seed's harness does, so a tunnel carries one request at a time.
 */
public final class SessionsExperiment {

    /** Shortest fixed-concurrency run that leaves a steady window (seconds 1 .. before the 90% mark). */
    public static final Duration MIN_LENGTH = Duration.ofSeconds(3);

    /**
     * The discarded rotating run before the measured ones. Without it the JIT still compiles the TLS and tunnel
     * paths during the first measured run: on the lab, that made rotation look twice as slow as it was.
     */
    private static final Duration WARM_UP = Duration.ofSeconds(2);

    private static final Duration BURST_KEEP_ALIVE = Duration.ofSeconds(120);

    /**
     * What the experiment runs against.
     *
     * @param proxy an HTTP proxy with the account's credentials (sessions are written into them)
     * @param template how a session id is written into the credentials
     * @param target the origin's URL, e.g. a trace endpoint that reports {@code ip=}
     * @param concurrency workers in the fixed-concurrency runs, and sticky sessions in (b); 1 to {@link InFlight#MAX}
     * @param length how long each fixed-concurrency run sends requests, at least {@link #MIN_LENGTH}
     * @param burstRequests requests of each burst
     * @param burstTunnels requests in flight during a burst, and the pool limit; 1 to {@link InFlight#MAX}
     * @param limit how long any one run may take before the experiment gives up
     */
    public record Setup(ProxySpec proxy, SessionTemplate template, URI target, TlsSettings tls, int concurrency,
            Duration length, int burstRequests, int burstTunnels, Duration limit) {
        public Setup {
            checkSizes(concurrency, burstRequests, burstTunnels);
            if (length.compareTo(MIN_LENGTH) < 0) {
                throw new IllegalArgumentException("each run must last at least " + MIN_LENGTH.toSeconds()
                        + " s to have a steady window, got " + length);
            }
            if (proxy.scheme().socks() || proxy.credentials() == null) {
                throw new IllegalArgumentException("the sessions experiment needs an HTTP(S) proxy with credentials,"
                        + " so that sessions can be written into them; got " + proxy);
            }
        }
    }

    private SessionsExperiment() {}

    /**
     * Checks the sizes a {@link Setup} takes, before anything is started for it.
     *
     * @throws IllegalArgumentException naming the option that is out of range ({@code --concurrency},
     *     {@code --burst-requests} or {@code --burst-tunnels}), its value and the range to use
     */
    public static void checkSizes(int concurrency, int burstRequests, int burstTunnels) {
        InFlight.check("--concurrency", concurrency);
        if (burstRequests < 1) {
            throw new IllegalArgumentException("--burst-requests must be at least 1, got " + burstRequests);
        }
        InFlight.check("--burst-tunnels", burstTunnels);
    }

    /**
     * Runs sticky, then rotation (reported in the seed's order, rotation first), then the two bursts, after a
     * discarded rotating run that warms the JVM and the gateway's paths. Sticky goes first so that whatever JIT
     * compilation the warm-up left over slows the mode the seed found faster, not the other one.
     */
    public static SessionsResult run(Setup s) throws Exception {
        // Session ids of this run only: a real gateway may still hold sessions of an earlier run.
        String run = String.format("%06x", ThreadLocalRandom.current().nextInt(1 << 24));
        ProxyRequest rotating = ProxyRequest.get(s.target().toString());
        IntFunction<ProxyRequest> own = w -> rotating.withSessionKey("wk" + w + "r" + run);
        int c = s.concurrency();
        List<SessionsMode> modes;
        try (ProxyClient client = client(s, c, Duration.ZERO)) {
            FixedConcurrency.run(client, c, Integer.MAX_VALUE, WARM_UP, s.limit(), w -> rotating);
            sendAll(client, c, own, s.limit());
            SessionsMode sticky = measure("sticky: session per worker, warmed; new tunnel per request", client, s,
                    own);
            modes = List.of(measure("rotation: new tunnel and exit per request", client, s, w -> rotating), sticky);
        }
        Double ratio = modes.get(0).steadyRequestsPerSecond() == null
                || modes.get(1).steadyRequestsPerSecond() == null ? null
                : modes.get(1).steadyRequestsPerSecond() / modes.get(0).steadyRequestsPerSecond();
        List<SessionsBurst> bursts = List.of(
                burst("one sticky session, warmed", s, rotating.withSessionKey("burst" + run), true),
                burst("rotating (no session)", s, rotating, false));
        return new SessionsResult(c, s.length().toMillis() / 1000.0, modes, ratio, bursts);
    }

    /** One fixed-concurrency run on {@code client}, new tunnel per request; figures from its records. */
    private static SessionsMode measure(String mode, ProxyClient client, Setup s, IntFunction<ProxyRequest> request)
            throws Exception {
        Counts before = client.counters().total();
        List<RequestRecord> records = FixedConcurrency.run(client, s.concurrency(), Integer.MAX_VALUE, s.length(),
                s.limit(), request);
        long opened = client.counters().total().since(before).created();
        List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
        Optional<SteadyWindow> steady = RunStatistics.of(records).timeline().steady();
        Percentiles tls = percentiles(ok, RequestRecord::tls);
        Percentiles total = percentiles(ok, RequestRecord::total);
        return new SessionsMode(mode, ok.size(), records.size() - ok.size(),
                steady.map(SteadyWindow::firstSecond).orElse(null), steady.map(SteadyWindow::lastSecond).orElse(null),
                steady.map(SteadyWindow::median).orElse(null),
                tls == null ? null : tls.p50() * 1000, tls == null ? null : tls.p99() * 1000,
                total == null ? null : total.p50() * 1000, exits(ok).size(), opened);
    }

    /** A burst of {@code s.burstRequests()} over {@code s.burstTunnels()} pooled tunnels; sticky ones warm first. */
    private static SessionsBurst burst(String mode, Setup s, ProxyRequest request, boolean warm) throws Exception {
        int tunnels = s.burstTunnels();
        try (ProxyClient client = client(s, tunnels, BURST_KEEP_ALIVE)) {
            if (warm) {
                sendAll(client, 1, w -> request, s.limit());
            }
            Counts before = client.counters().total();
            List<RequestRecord> records = FixedConcurrency.run(client, tunnels, s.burstRequests(), s.limit(),
                    s.limit(), w -> request);
            long opened = client.counters().total().since(before).created();
            List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
            Map<String, Long> exits = exits(ok);
            long top = exits.values().stream().mapToLong(Long::longValue).max().orElse(0);
            return new SessionsBurst(mode, s.burstRequests(), tunnels, ok.size(), opened, exits.size(),
                    ok.isEmpty() ? 0 : (double) top / ok.size());
        }
    }

    /** Sends request {@code w} for every {@code w < n} at once and waits for all of them. */
    private static void sendAll(ProxyClient client, int n, IntFunction<ProxyRequest> request, Duration limit)
            throws Exception {
        List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>(n);
        for (int w = 0; w < n; w++) {
            calls.add(client.send(request.apply(w)).exceptionally(e -> null));
        }
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Successful requests per exit IP the target reported. */
    private static Map<String, Long> exits(List<RequestRecord> ok) {
        return ok.stream().map(RequestRecord::ip).filter(Objects::nonNull)
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    private static Percentiles percentiles(List<RequestRecord> ok, Function<RequestRecord, Double> phase) {
        double[] values = ok.stream().map(phase).filter(Objects::nonNull).mapToDouble(Double::doubleValue).toArray();
        return values.length == 0 ? null : Percentiles.of(values);
    }

    /**
     * A client whose requests without a session key go out with the account's credentials as they are (rotating),
     * and with one through a sticky session per key; pooled at {@code limit} per exit.
     */
    private static ProxyClient client(Setup s, int limit, Duration keepAlive) {
        return ProxyClient.builder().proxy(s.proxy()).sessions(s.template(), SessionRouter.stickyPerKey())
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .limits(PoolLimits.builder().maxPerKey(limit).maxPerExit(limit).maxTotal(Math.max(1024, limit))
                        .keepAlive(keepAlive).acquireTimeout(s.limit()).build())
                .build();
    }
}
