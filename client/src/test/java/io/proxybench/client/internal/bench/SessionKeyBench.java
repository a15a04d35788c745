package io.proxybench.client.internal.bench;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.bench.Fixtures;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.metrics.ExitLabel;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionTemplate;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * How a request's session and pool key are built. Every request asks its router for a session id and looks its
 * {@link Route} up in the pool; a sticky session's route is then cached by the client, but a per-request router's is
 * worked out afresh each time: template applied, route made, credentials parsed, exit label written.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class SessionKeyBench {

    private static final Route ROUTE =
            Route.of(Origin.of(Fixtures.TARGET), Fixtures.PROXY, TlsSettings.insecure(), false);

    private final SessionRouter sticky = SessionRouter.stickyPerKey();
    private final SessionRouter perRequest = SessionRouter.perRequest();
    private final SessionTemplate template = SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT);
    private final TlsSettings tls = TlsSettings.insecure();
    private final Origin origin = Origin.of(Fixtures.TARGET);
    /** A pool's key table holding the fixture route; looked up with an equal route built apart. */
    private final Map<Route, Route> keys = new HashMap<>(Map.of(ROUTE, ROUTE));
    private final Route equalRoute = Route.of(Origin.of(Fixtures.TARGET),
            ProxySpec.parse("http://user:pass_session-worker7@127.0.0.1:8080"), TlsSettings.insecure(), false);

    /** A sticky router's id for a worker key (per request, cached or not). */
    @Benchmark
    public String stickySessionId() {
        return sticky.sessionFor("worker7", 0);
    }

    /** A per-request router's id. */
    @Benchmark
    public String perRequestSessionId() {
        return perRequest.sessionFor("worker7", 0);
    }

    /** The session written into the account's credentials by the default template. */
    @Benchmark
    public ProxySpec templateApply() {
        return template.apply(Fixtures.ACCOUNT, "worker7");
    }

    /** Credentials the user wrote read back into account and session (for their exit label and lifetime). */
    @Benchmark
    public ParsedCredentials credentialsParse() {
        return Dialect.lab().read(Fixtures.PROXY.credentials().user(), Fixtures.PROXY.credentials().password());
    }

    /** The pool key's lookup by an equal key: its hash and equals, as every acquire and release does. */
    @Benchmark
    public Route poolKeyLookup() {
        return keys.get(equalRoute);
    }

    /**
     * A per-request router's whole key: id, template, route, parsed credentials and exit label, the steps the client
     * takes for a route it has not cached.
     */
    @Benchmark
    public String perRequestRouteKey() {
        String id = perRequest.sessionFor("worker7", 0);
        SessionParams session = template.session(id);
        ProxySpec proxy = Fixtures.ACCOUNT.withCredentials(template.dialect().write(Fixtures.ACCOUNT.credentials(),
                session));
        Route route = Route.of(origin, proxy, tls, false);
        return ExitLabel.of(route.proxy(), Fixtures.ACCOUNT.credentials().user(), session);
    }
}
