package io.proxybench.client.cookie;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Cookies as an HTTP client keeps them: what to send with a request, and what to keep of a response. The jars
 * {@link CookieJars} hands out follow RFC 6265; an implementation of one's own may keep anything, e.g. nothing.
 *
 * <p>Implementations are thread-safe: a client calls them from several event loops at once.
 */
public interface CookieJar {

    /**
     * The cookies to send with a request to {@code uri}, in the order of its {@code Cookie} header.
     *
     * @param uri the request's absolute URI; its scheme, host and path decide, not its port
     * @return the cookies, possibly none
     */
    List<Cookie> cookiesFor(URI uri);

    /**
     * Keeps what a response from {@code uri} set. A value that does not parse, or sets a cookie the jar refuses (for
     * another site, for a public suffix, {@code Secure} over {@code http} to another machine), changes nothing, as in a browser.
     *
     * @param uri the absolute URI of the request the response answered
     * @param setCookieValues the values of the response's {@code Set-Cookie} headers, in order
     */
    void store(URI uri, List<String> setCookieValues);

    /**
     * The {@code Cookie} header to send with a request to {@code uri}: {@link #cookiesFor(URI)} as
     * {@code name=value} pairs joined by {@code "; "}.
     *
     * @param uri the request's absolute URI
     * @return the header's value, or empty when there is no cookie to send
     */
    default Optional<String> cookieHeader(URI uri) {
        List<Cookie> cookies = cookiesFor(uri);
        if (cookies.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(cookies.stream().map(c -> c.name() + "=" + c.value()).collect(Collectors.joining("; ")));
    }
}
