package io.proxybench.client.internal.call;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.metrics.ExitLabel;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionSyntax;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Works out where a request goes: its proxy (its own or the client's), its session (the router's id for its session
 * key, written into the credentials by the template), the pool key with its keep-alive, and the exit label. Routes are
 * kept worked out, so a sticky session's requests do not apply and parse its template again.
 */
final class Routes {

    /** Routes kept worked out; past this many (e.g. sessions rotating per window for hours) they start afresh. */
    private static final int MAX_CACHED_ROUTES = 16_384;
    /** Appended to the exit label of calls whose router gives every request a session of its own. */
    static final String PER_REQUEST = "_session-(one per request)";

    private final ClientSettings settings;
    private final Map<Inputs, Routed> cache = new ConcurrentHashMap<>();

    Routes(ClientSettings settings) {
        this.settings = settings;
    }

    /** What a {@link Routed} is worked out from; {@code sessionId} is null when no router applies. */
    private record Inputs(Origin origin, ProxySpec proxy, String sessionId) {}

    /** @throws IllegalArgumentException for a URL the client cannot send to */
    Routed route(ProxyRequest request) {
        Origin origin = Origin.of(request.uri());
        ProxySpec proxy = request.proxy() != null ? request.proxy() : settings.proxy();
        boolean routed = proxy != null && request.sessionKey() != null && settings.router() != null;
        String id = routed ? settings.router().sessionFor(request.sessionKey(), System.nanoTime()) : null;
        if (routed && !settings.router().reusesIds()) {
            // No later request gets this session: its connection closes after the call instead of idling, and
            // its counters go under the account's label, not one label per request.
            Routed once = resolve(new Inputs(origin, proxy, id));
            return new Routed(once.route().withKeepAlive(Duration.ZERO),
                    ExitLabel.of(proxy, credentials(proxy)) + " " + PER_REQUEST, once.session(), once.hostHeader());
        }
        if (cache.size() >= MAX_CACHED_ROUTES) {
            cache.clear();
        }
        return cache.computeIfAbsent(new Inputs(origin, proxy, id), this::resolve);
    }

    private Routed resolve(Inputs in) {
        ProxySpec proxy = in.sessionId == null ? in.proxy : settings.template().apply(in.proxy, in.sessionId);
        ParsedCredentials credentials = credentials(proxy);
        Duration lifetime = credentials == null ? null : credentials.session().lifetime();
        Route route = Route.of(in.origin, proxy, settings.tls(), settings.forceConnect())
                .withKeepAlive(settings.sessionLifetimeKeepAlive() ? lifetime : null);
        return new Routed(route, ExitLabel.of(proxy, credentials),
                credentials == null ? null : credentials.session().id(), route.origin().hostHeader());
    }

    /** The proxy's account and session, or null without credentials or when they carry no readable session. */
    private static ParsedCredentials credentials(ProxySpec proxy) {
        if (proxy == null || proxy.credentials() == null) {
            return null;
        }
        try {
            return SessionSyntax.parse(proxy.credentials().user(), proxy.credentials().password());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
