package io.proxybench.client.internal.cookie;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * Request paths as cookies see them (RFC 6265 §5.1.4): raw, as sent (percent-encoding kept, and added as UTF-8 to
 * characters a URI may hold but HTTP may not), compared case-sensitively.
 */
final class CookiePaths {

    private static final String HEX = "0123456789ABCDEF";

    private CookiePaths() {
    }

    /**
     * The request's path, {@code /} when it has none or one not starting with {@code /}; characters outside
     * {@code !} to {@code ~} percent-encoded as UTF-8 (a malformed surrogate as {@code ?}).
     */
    static String requestPath(URI uri) {
        String path = uri.getRawPath();
        if (path == null || !path.startsWith("/")) {
            return "/";
        }
        if (path.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
            return path;
        }
        StringBuilder encoded = new StringBuilder();
        for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
            int octet = b & 0xff;
            if (octet > ' ' && octet < 0x7f) {
                encoded.append((char) octet);
            } else {
                encoded.append('%').append(HEX.charAt(octet >> 4)).append(HEX.charAt(octet & 0xf));
            }
        }
        return encoded.toString();
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
