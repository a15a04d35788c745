package io.proxybench.client.internal.redirect;

import io.proxybench.client.Headers;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Redirect;
import io.proxybench.client.RedirectPolicy;
import io.proxybench.client.internal.redirect.RedirectException.Problem;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which request, if any, follows a response under a {@link RedirectPolicy}: the rules its javadoc states, in one
 * function, as OkHttp's {@code followUpRequest}. Pure: no I/O, nothing held.
 */
public final class Redirects {

    /** Headers that describe a body; they go with it. The Fetch standard's request-body headers, plus framing. */
    private static final Set<String> BODY_HEADERS = Set.of("content-length", "content-type", "content-encoding",
            "content-language", "content-location", "transfer-encoding");
    /** The caller's headers that stay with their origin. */
    private static final Set<String> ORIGIN_HEADERS = Set.of("authorization", "cookie", "host");
    /** Requests of one URL in a chain at most; one more is a loop. */
    private static final int VISITS_MAX = 2;
    /** Of a chain quoted in a loop's message, at most this many URLs. */
    private static final int CHAIN_SHOWN_MAX = 6;

    private Redirects() {
    }

    /**
     * As {@link #next(RedirectPolicy, ProxyRequest, int, String, List)} for a response's {@code Location} fields, all
     * of them: a redirect with several that differ is refused (Chromium refuses it too; curl takes one of them), as
     * the client will not guess where it goes; the same value repeated is one.
     *
     * @param locations the response's {@code Location} values in order; empty when it has none
     * @throws RedirectException of {@link Problem#BAD_LOCATION} for Location fields that differ, else as the other
     */
    public static Optional<FollowUp> nextOfFields(RedirectPolicy policy, ProxyRequest request, int status,
            List<String> locations, List<Redirect> hops) throws RedirectException {
        if (policy.follows() && isRedirect(status) && locations.size() > 1) {
            List<String> distinct = locations.stream().map(String::strip).distinct().toList();
            if (distinct.size() > 1) {
                throw new RedirectException(Problem.BAD_LOCATION, where(status, request.uri()) + " has "
                        + distinct.size() + " different Location fields (" + String.join(", ", distinct.stream()
                        .limit(3).map(Locations::quote).toList()) + (distinct.size() > 3 ? ", ..." : "")
                        + "): a redirect names one place, and the client will not guess which; fix the server's"
                        + " redirect, or send with RedirectPolicy.none() to get the " + status + " response as it is");
            }
        }
        return next(policy, request, status, locations.isEmpty() ? null : locations.get(0), hops);
    }

    /**
     * The request that follows {@code status} and {@code location} under {@code policy}, or none.
     *
     * <p>None when the policy follows nothing, the status is not 301, 302, 303, 307 or 308, or there is no
     * Location: the response is the call's. Otherwise the next request is {@code request} with the policy's method,
     * body and header rules applied, its URL the resolved Location, its proxy and session key kept and
     * {@code newConnection} false: the hop rides the same exit. A body that cannot be sent twice does not exist
     * today ({@link ProxyRequest} holds bytes or a file, read again); one that streams once would have to fail a
     * 307 or 308 here.
     *
     * <p>A loop is a URL (without its fragment, whatever the method) that the chain has requested twice already: a
     * URL may come back once, as a cookie check or a login round trip needs, and browsers only cap hops; a server
     * that sends the client to the same URL a third time would send it there forever.
     *
     * @param policy which redirects to follow
     * @param request the request that got the response; after a redirect, the {@link FollowUp#request()} of the last
     *     hop
     * @param status the response's status
     * @param location the response's first {@code Location} value as the response parser gives it (one char per
     *     byte), or null when it has none
     * @param hops the redirects this call followed so far, in order; empty for the call's first response
     * @return the next request and its hop, or empty when the response is the call's
     * @throws RedirectException when the Location is bad ({@link Problem#BAD_LOCATION}), the chain has
     *     {@link RedirectPolicy#maxHops()} redirects already ({@link Problem#TOO_MANY_HOPS}), the URL was requested
     *     twice already ({@link Problem#LOOP}) or the redirect goes from https to http and the policy refuses that
     *     ({@link Problem#HTTPS_TO_HTTP}); the message names the status, URLs and the setting to change
     */
    public static Optional<FollowUp> next(RedirectPolicy policy, ProxyRequest request, int status, String location,
            List<Redirect> hops) throws RedirectException {
        if (!policy.follows() || !isRedirect(status) || location == null) {
            return Optional.empty();
        }
        URI from = request.uri();
        URI to;
        try {
            to = Locations.resolve(from, location);
        } catch (RedirectException e) {
            throw new RedirectException(Problem.BAD_LOCATION, where(status, from) + ": " + e.getMessage()
                    + "; the client cannot follow it: fix the server's redirect, or send with RedirectPolicy.none()"
                    + " to get the " + status + " response as it is");
        }
        if (from.getScheme().equalsIgnoreCase("https") && to.getScheme().equals("http")
                && !policy.allowsHttpsToHttp()) {
            throw new RedirectException(Problem.HTTPS_TO_HTTP, where(status, from) + " to " + to
                    + " leaves https for http, which the redirect policy refuses (" + policy + "): allow it with"
                    + " RedirectPolicy.normal().allowingHttpsToHttp(), or request the http URL yourself");
        }
        List<URI> chain = chain(from, hops, to);
        URI key = withoutFragment(to);
        long visits = chain.stream().filter(u -> withoutFragment(u).equals(key)).count();
        if (visits > VISITS_MAX) {
            throw new RedirectException(Problem.LOOP, "redirect loop: " + where(status, from) + " to " + key
                    + ", requested twice already in this chain (" + shown(chain) + "); the server sends the client"
                    + " round in a circle: check the URL, and whether the server expects a cookie the client did not"
                    + " send back");
        }
        if (hops.size() >= policy.maxHops()) {
            throw new RedirectException(Problem.TOO_MANY_HOPS, "too many redirects: " + where(status, from) + " to "
                    + to + " would be redirect " + (hops.size() + 1) + ", and the redirect policy follows at most "
                    + policy.maxHops() + " (" + policy + "): raise it with RedirectPolicy.normal().withMaxHops(n)");
        }
        return Optional.of(follow(request, status, to));
    }

    private static FollowUp follow(ProxyRequest request, int status, URI to) {
        String method = request.method();
        boolean toGet = status == 303 && !method.equalsIgnoreCase("HEAD")
                || (status == 301 || status == 302) && method.equalsIgnoreCase("POST");
        boolean dropBody = toGet || status == 303;
        boolean crossOrigin = !sameOrigin(request.uri(), to);
        Headers.Builder headers = Headers.builder();
        for (Map.Entry<String, String> h : request.headers()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            boolean drop = name.equals("proxy-authorization") || dropBody && BODY_HEADERS.contains(name)
                    || crossOrigin && ORIGIN_HEADERS.contains(name);
            if (!drop) {
                headers.add(h.getKey(), h.getValue());
            }
        }
        String nextMethod = toGet ? "GET" : method;
        ProxyRequest.Builder next = request.toBuilder().method(nextMethod).url(to).headers(headers.build())
                .newConnection(false);
        if (dropBody) {
            next.body((byte[]) null);
        }
        return new FollowUp(next.build(), Redirect.of(status, request.uri(), to, nextMethod));
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** Whether scheme, host and port (the scheme's default when absent) are the same. */
    static boolean sameOrigin(URI a, URI b) {
        return a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost().equalsIgnoreCase(b.getHost())
                && port(a) == port(b);
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
    }

    /** The URLs the chain requested, the call's first, then {@code next}. */
    private static List<URI> chain(URI current, List<Redirect> hops, URI next) {
        List<URI> chain = new ArrayList<>();
        chain.add(hops.isEmpty() ? current : hops.get(0).from());
        for (Redirect hop : hops) {
            chain.add(hop.to());
        }
        chain.add(next);
        return chain;
    }

    private static URI withoutFragment(URI uri) {
        if (uri.getRawFragment() == null) {
            return uri;
        }
        try {
            return new URI(uri.toString().substring(0, uri.toString().indexOf('#')));
        } catch (URISyntaxException e) {
            throw new IllegalStateException("a URL without its fragment no longer parses: " + uri, e);
        }
    }

    private static String where(int status, URI from) {
        return status + " from " + from;
    }

    /** The chain's URLs joined by arrows, the first three and last three when longer. */
    private static String shown(List<URI> chain) {
        List<String> urls = chain.stream().map(Redirects::withoutFragment).map(URI::toString).toList();
        if (urls.size() <= CHAIN_SHOWN_MAX) {
            return String.join(" -> ", urls);
        }
        int half = CHAIN_SHOWN_MAX / 2;
        return String.join(" -> ", urls.subList(0, half)) + " -> ... -> "
                + String.join(" -> ", urls.subList(urls.size() - half, urls.size()));
    }
}
