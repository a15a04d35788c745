package io.proxybench.client.internal.call;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.metrics.ExitLabel;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionTemplate;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Works out where a request goes: its proxy (its own, else the one the client's selection picks for its URL, null
 * for direct), its session (the router's id for its session key, written into the credentials by the template's
 * dialect; for a rotating request, the dialect's rotating form with the template's targeting), the pool key with
 * its keep-alive, and the exit label. The session is the value the dialect wrote, never the
 * credentials parsed back; only credentials the user wrote are read, with the template's dialect (else the lab's),
 * for the label. Routes are kept worked out, so a sticky session's requests do not write it again.
 */
final class Routes {

    /** Routes kept worked out; past this many (e.g. sessions rotating per window for hours) they start afresh. */
    private static final int MAX_CACHED_ROUTES = 16_384;
    /** Appended to the exit label of calls whose router gives every request a session of its own. */
    static final String PER_REQUEST = "_session-(one per request)";

    private final ClientSettings settings;
    private final Map<Inputs, Routed> cache = new ConcurrentHashMap<>();
    /**
     * The last route worked out for a request without a session, by its URI and proxy objects: a run sends the same
     * request over and over, and this skips parsing its origin and hashing the inputs each time. The proxy is the
     * one picked for this request, so a selection that picks another proxy each time gets a route for each.
     */
    private volatile Last last;

    Routes(ClientSettings settings) {
        this.settings = settings;
    }

    /** What a {@link Routed} is worked out from; {@code sessionId} is null when no router applies. */
    private record Inputs(Origin origin, ProxySpec proxy, String sessionId) {}

    /** A route and the request's URI and proxy it is for (compared by identity). */
    private record Last(URI uri, ProxySpec proxy, Routed routed) {}

    /** @throws IllegalArgumentException for a URL the client cannot send to */
    Routed route(ProxyRequest request) {
        ProxySpec proxy = request.proxy() != null ? request.proxy() : settings.proxies().select(request.uri());
        boolean routed = proxy != null && request.sessionKey() != null && settings.router() != null;
        Last seen = last;
        if (!routed && seen != null && seen.uri == request.uri() && seen.proxy == proxy) {
            return seen.routed;
        }
        Origin origin = Origin.of(request.uri());
        String id = routed ? settings.router().sessionFor(request.sessionKey(), System.nanoTime()) : null;
        if (routed && !settings.router().reusesIds()) {
            // No later request gets this session: its connection closes after the call instead of idling, and
            // its counters go under the account's label, not one label per request.
            Routed once = resolve(new Inputs(origin, proxy, id));
            return new Routed(once.route().withKeepAlive(Duration.ZERO),
                    ExitLabel.of(proxy, proxy.credentials() == null ? null : proxy.credentials().user(), null)
                            + " " + PER_REQUEST, once.session(), once.hostHeader());
        }
        if (cache.size() >= MAX_CACHED_ROUTES) {
            cache.clear();
        }
        Routed found = cache.computeIfAbsent(new Inputs(origin, proxy, id), this::resolve);
        if (!routed) {
            last = new Last(request.uri(), proxy, found);
        }
        return found;
    }

    private Routed resolve(Inputs in) {
        SessionTemplate template = settings.template();
        ProxySpec proxy = in.proxy;
        String account = proxy == null || proxy.credentials() == null ? null : proxy.credentials().user();
        SessionParams session = null;
        Duration defaultLifetime = null;
        if (proxy != null && account == null && template != null
                && (in.sessionId != null || template.rotating().targeted())) {
            throw new IllegalArgumentException("proxy " + proxy + " has no credentials, but sessions and targeting"
                    + " are written into them; the proxy URL needs user:pass");
        }
        if (account != null) {
            SessionParams asked = template == null ? null
                    : in.sessionId != null ? template.session(in.sessionId) : template.rotating();
            ProxySpec written = asked == null ? proxy
                    : proxy.withCredentials(template.dialect().write(proxy.credentials(), asked));
            if (asked != null && (asked.sticky() || !written.equals(proxy))) {
                // Written in the provider's form (a session, targeting, or its rotating marker): the values are known.
                session = asked;
                proxy = written;
                defaultLifetime = template.dialect().rules().defaultLifetime();
            } else {
                Dialect dialect = template != null ? template.dialect() : Dialect.lab();
                ParsedCredentials read = read(dialect, proxy);
                if (read != null) {
                    account = read.user();
                    session = read.session();
                    defaultLifetime = dialect.rules().defaultLifetime();
                }
            }
        }
        Duration lifetime = session == null || session.kind() != SessionKind.SESSION ? null
                : session.lifetime() != null ? session.lifetime() : defaultLifetime;
        Route route = Route.of(in.origin, proxy, settings.tls(), settings.proxyTls(), settings.forceConnect())
                .withKeepAlive(settings.sessionLifetimeKeepAlive() ? lifetime : null);
        return new Routed(route, ExitLabel.of(proxy, account, session), session == null ? null : session.id(),
                route.origin().hostHeader());
    }

    /** The session credentials the user wrote ask for, or null when the dialect cannot read them. */
    private static ParsedCredentials read(Dialect dialect, ProxySpec proxy) {
        try {
            return dialect.read(proxy.credentials().user(), proxy.credentials().password());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
