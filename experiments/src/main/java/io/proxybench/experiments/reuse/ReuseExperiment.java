package io.proxybench.experiments.reuse;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.load.Crawl;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Seed 000's reuse table: the same crawl of one origin through four configurations, then through the leaks the
 * seed names. Every figure comes from the clients' counters and the crawl's clock. The clients speak HTTP/1.1 to
 * the origin, as the seed's clients do, so a connection carries one request at a time.
 */
public final class ReuseExperiment {

    /** Requests per task in the "new client per task" row. */
    static final int REQUESTS_PER_TASK = 10;

    /**
     * How often the clock-derived session id changes. The seed's leak changes it each second; a lab crawl lasts
     * under a second, so the row runs the same leak at a tenth of the period.
     */
    static final Duration CLOCK_PERIOD = Duration.ofMillis(100);

    /** Requests of the discarded crawl that warms the JVM before the first row. */
    private static final int WARM_UP_REQUESTS = 100;

    private static final Duration LONG_KEEP_ALIVE = Duration.ofSeconds(120);
    private static final String CRAWL = "crawl";

    /**
     * What the experiment runs against.
     *
     * @param proxy an HTTP proxy with the account's credentials (sessions are written into them)
     * @param socks the same gateway and account as SOCKS5, for the mixed-schemes row; null to leave the row out
     * @param template how a session id is written into the credentials
     * @param target the origin's URL, crawled {@code requests} times
     * @param concurrency requests in flight at once; also the sticky rows' per-exit pool limit
     */
    public record Setup(ProxySpec proxy, ProxySpec socks, SessionTemplate template, URI target, TlsSettings tls,
            int requests, int concurrency, Duration limit) {
        public Setup {
            if (requests < 1 || concurrency < 1) {
                throw new IllegalArgumentException("requests and concurrency must be at least 1, got " + requests
                        + " and " + concurrency);
            }
            if (proxy.scheme().socks() || proxy.credentials() == null) {
                throw new IllegalArgumentException("the reuse experiment needs an HTTP(S) proxy with credentials,"
                        + " so that sessions can be written into them; got " + proxy);
            }
        }
    }

    /** One configuration: how its clients are made, how many requests a client serves, what each request is. */
    private record Configuration(String name, int perTask, IntFunction<ProxyClient> clients,
            IntFunction<ProxyRequest> requests) {}

    private ReuseExperiment() {}

    /** Runs every configuration in turn, after a discarded crawl that warms the JVM; rows in the seed's order. */
    public static List<ReuseRow> run(Setup s) throws Exception {
        Configuration warm = configurations(s).get(3);
        Crawl.run(Math.min(s.requests(), WARM_UP_REQUESTS), s.concurrency(), s.requests(), warm.clients(),
                warm.requests(), s.limit());
        List<ReuseRow> rows = new ArrayList<>();
        Double firstWall = null;
        for (Configuration c : configurations(s)) {
            Crawl.Result r = Crawl.run(s.requests(), s.concurrency(), c.perTask(), c.clients(), c.requests(),
                    s.limit());
            double wall = r.wall().toNanos() / 1e9;
            firstWall = firstWall == null ? wall : firstWall;
            rows.add(new ReuseRow(c.name(), r.counts().created(), r.counts().reused(), r.counts().reuseRate(),
                    r.counts().handshakesPer1000(), wall, wall / firstWall, r.ok(), r.failed()));
        }
        return rows;
    }

    private static List<Configuration> configurations(Setup s) {
        ProxyRequest crawl = ProxyRequest.get(s.target().toString()).withSessionKey(CRAWL);
        IntFunction<ProxyRequest> same = i -> crawl;
        int c = s.concurrency();
        List<Configuration> all = new ArrayList<>(List.of(
                new Configuration("fresh session per request", s.requests(),
                        t -> client(s, SessionRouter.perRequest(), c, LONG_KEEP_ALIVE), same),
                new Configuration("sticky, keep-alive 0", s.requests(),
                        t -> client(s, SessionRouter.stickyPerKey(), c, Duration.ZERO), same),
                new Configuration("sticky, pool limit 1", s.requests(),
                        t -> client(s, SessionRouter.stickyPerKey(), 1, LONG_KEEP_ALIVE), same),
                new Configuration("sticky, limit " + c + ", keep-alive 120s", s.requests(),
                        t -> client(s, SessionRouter.stickyPerKey(), c, LONG_KEEP_ALIVE), same),
                new Configuration("leak: session id from the clock (new each " + CLOCK_PERIOD.toMillis() + " ms)",
                        s.requests(), t -> client(s, SessionRouter.stickyPerWindow(CLOCK_PERIOD), c, LONG_KEEP_ALIVE),
                        same),
                new Configuration("leak: new client per task of " + REQUESTS_PER_TASK, REQUESTS_PER_TASK,
                        t -> client(s, SessionRouter.stickyPerKey(), c, LONG_KEEP_ALIVE), same),
                new Configuration("leak: Connection: close in the header template", s.requests(),
                        t -> client(s, SessionRouter.stickyPerKey(), c, LONG_KEEP_ALIVE),
                        i -> crawl.withHeader("Connection", "close"))));
        if (s.socks() != null) {
            ProxySpec socks = s.socks();
            all.add(new Configuration("leak: socks5 and http entries for one exit", s.requests(),
                    t -> client(s, SessionRouter.stickyPerKey(), c, LONG_KEEP_ALIVE),
                    i -> i % 2 == 0 ? crawl : crawl.withProxy(socks)));
        }
        return all;
    }

    /** A client whose sticky or rotating sessions go through {@code s.proxy()}, pooled at {@code limit} per exit. */
    private static ProxyClient client(Setup s, SessionRouter router, int limit, Duration keepAlive) {
        return ProxyClient.builder().proxy(s.proxy()).sessions(s.template(), router)
                .tls(s.tls().withAlpn(TlsSettings.HTTP11_ONLY))
                .limits(PoolLimits.builder().maxPerKey(limit).maxPerExit(limit).maxTotal(Math.max(1024, limit))
                        .keepAlive(keepAlive).acquireTimeout(s.limit()).build())
                .build();
    }

    /** The SOCKS5 twin of an HTTP proxy: same endpoint and credentials (the lab serves both on one port). */
    public static ProxySpec socksTwin(ProxySpec http) {
        return new ProxySpec(ProxyScheme.SOCKS5H, http.host(), http.port(), http.credentials());
    }
}
