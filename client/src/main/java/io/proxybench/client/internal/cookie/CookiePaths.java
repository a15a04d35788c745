package io.proxybench.client.internal.cookie;

import java.net.URI;

/** Request paths as cookies see them (RFC 6265 §5.1.4): raw (percent-encoding kept), compared case-sensitively. */
final class CookiePaths {

    private CookiePaths() {
    }

    /** The request's path, {@code /} when it has none or one not starting with {@code /}. */
    static String requestPath(URI uri) {
        String path = uri.getRawPath();
        return path == null || !path.startsWith("/") ? "/" : path;
    }

    /**
     * RFC 6265 §5.1.4: the path a cookie set without a {@code Path} gets: the request path up to, not including,
     * its last {@code /}; {@code /} when that leaves nothing.
     */
    static String defaultPath(URI uri) {
        String path = requestPath(uri);
        int last = path.lastIndexOf('/');
        return last <= 0 ? "/" : path.substring(0, last);
    }

    /**
     * RFC 6265 §5.1.4: the cookie path equals the request path, or is a prefix of it that ends with {@code /} or is
     * followed in it by {@code /}.
     */
    static boolean pathMatches(String requestPath, String cookiePath) {
        if (!requestPath.startsWith(cookiePath)) {
            return false;
        }
        return requestPath.length() == cookiePath.length() || cookiePath.endsWith("/")
                || requestPath.charAt(cookiePath.length()) == '/';
    }
}
