package io.proxybench.client.internal.redirect;

import io.proxybench.client.internal.redirect.RedirectException.Problem;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Resolves a {@code Location} field against the URL of the request it answers (RFC 3986 §5.2, fragment per RFC 9110
 * §10.2.2), leniently as browsers and curl do for what servers really send ({@link LocationText}), strictly for what
 * the client cannot request.
 *
 * <p>The result is an absolute {@code http} or {@code https} URL in ASCII with a host, a port of 1 to 65535 or none,
 * a path starting with {@code /}, no user info (the client never sends it, and a hop's URL goes into records) and no
 * dot segments. {@link URI} parses; the reference transform is RFC 3986's own, since {@link URI#resolve} follows RFC
 * 2396 (it keeps {@code /../g} and drops the base's last segment for {@code ?y}).
 */
public final class Locations {

    /** A reference whose {@code //} has nothing after it before the path, query or fragment. */
    private static final Pattern EMPTY_AUTHORITY = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*:)?//([/?#]|$)");
    /** Of a Location quoted in a message, at most this many characters. */
    static final int QUOTED_MAX_CHARS = 200;

    private Locations() {
    }

    /**
     * The URL {@code location} points to from {@code base}.
     *
     * <p>Surrounding spaces and tabs are trimmed. A Location without a fragment keeps the base's (RFC 9110
     * §10.2.2); the client sends neither. A scheme-less reference with an empty authority ({@code ///p}) and
     * {@code http:p} (a scheme without {@code //}) have no host and are refused; browsers guess a host there.
     *
     * @param base the absolute http(s) URL of the request the Location answers
     * @param location the field's value as the response parser gives it: one char per byte (ISO-8859-1)
     * @return the absolute URL to request next
     * @throws RedirectException of {@link Problem#BAD_LOCATION} when the Location is empty, not a URI reference even
     *     leniently, not http or https, has no usable host or port, or holds a control character or a char above
     *     U+00FF; the message quotes the Location, cut at about 200 characters, control characters escaped
     * @throws IllegalArgumentException if {@code base} is not an absolute URL with a host
     */
    public static URI resolve(URI base, String location) throws RedirectException {
        if (!base.isAbsolute() || base.isOpaque() || base.getHost() == null) {
            throw new IllegalArgumentException("base " + base + " is not an absolute URL with a host");
        }
        String value = trim(location);
        if (value.isEmpty()) {
            throw bad(location, "is empty");
        }
        checkCharacters(location, value);
        String encoded = LocationText.encode(value);
        if (encoded.contains("//") && EMPTY_AUTHORITY.matcher(encoded).find()) {
            throw bad(location, "has no host");
        }
        URI ref;
        try {
            ref = new URI(encoded);
        } catch (URISyntaxException e) {
            throw bad(location, "is not a URL even with its spaces and other bytes encoded (" + e.getReason()
                    + " in " + quote(encoded) + ")");
        }
        String scheme = (ref.getScheme() == null ? base.getScheme() : ref.getScheme()).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw bad(location, "has scheme " + quote(scheme) + ": the client follows http and https only");
        }
        if (ref.isOpaque()) {
            throw bad(location, "has no host: " + scheme + ": must be followed by //host");
        }
        String authority;
        String path;
        String query;
        if (ref.getScheme() != null || encoded.startsWith("//")) {
            authority = ref.getRawAuthority();
            path = removeDotSegments(nonNull(ref.getRawPath()));
            query = ref.getRawQuery();
        } else {
            authority = base.getRawAuthority();
            if (nonNull(ref.getRawPath()).isEmpty()) {
                path = nonNull(base.getRawPath());
                query = ref.getRawQuery() != null ? ref.getRawQuery() : base.getRawQuery();
            } else {
                path = removeDotSegments(ref.getRawPath().startsWith("/") ? ref.getRawPath()
                        : merge(nonNull(base.getRawPath()), ref.getRawPath()));
                query = ref.getRawQuery();
            }
        }
        String fragment = ref.getRawFragment() != null ? ref.getRawFragment() : base.getRawFragment();
        return target(location, scheme, hostAndPort(location, authority), path, query, fragment);
    }

    /** The absolute URL of the parts, checked for a host. */
    private static URI target(String location, String scheme, String hostAndPort, String path, String query,
            String fragment) throws RedirectException {
        String text = scheme + "://" + hostAndPort + (path.isEmpty() ? "/" : path)
                + (query == null ? "" : "?" + query) + (fragment == null ? "" : "#" + fragment);
        URI target;
        try {
            target = new URI(text);
        } catch (URISyntaxException e) {
            throw bad(location, "does not make a URL: " + e.getReason() + " in " + quote(text));
        }
        if (target.getHost() == null) {
            throw bad(location, "has host " + quote(hostOf(hostAndPort)) + ", which is not a host name (letters,"
                    + " digits, '-' and '.'; an internationalized name must come in its xn-- form)");
        }
        return target;
    }

    /**
     * The host and port of {@code authority}, user info dropped, the port checked.
     *
     * @param authority the raw authority; null for a scheme without {@code //} ({@code http:/p})
     */
    private static String hostAndPort(String location, String authority) throws RedirectException {
        if (authority == null || authority.isEmpty()) {
            throw bad(location, "has no host");
        }
        String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
        String host = hostOf(hostAndPort);
        if (host.isEmpty()) {
            throw bad(location, "has no host");
        }
        String port = hostAndPort.substring(host.length());
        if (port.length() > 1) {
            String digits = port.substring(1);
            if (!digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw bad(location, "has port " + quote(digits) + ", which is not a number");
            }
            if (digits.length() > 5 || Integer.parseInt(digits) < 1 || Integer.parseInt(digits) > 65535) {
                throw bad(location, "has port " + digits + ", out of range (1 to 65535)");
            }
        }
        return hostAndPort;
    }

    /** The host part of {@code host[:port]}, brackets included for an IPv6 literal. */
    private static String hostOf(String hostAndPort) {
        int close = hostAndPort.startsWith("[") ? hostAndPort.indexOf(']') : -1;
        int colon = hostAndPort.indexOf(':', Math.max(close, 0));
        return colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
    }

    /** RFC 3986 §5.2.3: the base's path up to its last {@code /}, then the reference's; the base has a host. */
    private static String merge(String basePath, String refPath) {
        return basePath.isEmpty() ? "/" + refPath : basePath.substring(0, basePath.lastIndexOf('/') + 1) + refPath;
    }

    /**
     * RFC 3986 §5.2.4 on an absolute or empty path: {@code .} segments go, {@code ..} takes the segment before it
     * with it (none above the root), and a path ending in either keeps its final slash.
     */
    static String removeDotSegments(String path) {
        // A dot segment follows a slash: a path without "/." has none.
        if (!path.startsWith("/") || !path.contains("/.")) {
            return path;
        }
        String[] in = path.substring(1).split("/", -1);
        Deque<String> out = new ArrayDeque<>();
        for (int i = 0; i < in.length; i++) {
            boolean last = i == in.length - 1;
            if (in[i].equals("..")) {
                out.pollLast();
            }
            if (in[i].equals(".") || in[i].equals("..")) {
                if (last) {
                    out.addLast("");
                }
            } else {
                out.addLast(in[i]);
            }
        }
        return "/" + String.join("/", out);
    }

    /** {@code location} without the spaces and tabs around it (HTTP's optional whitespace). */
    private static String trim(String location) {
        int start = 0;
        int end = location.length();
        while (start < end && isBlank(location.charAt(start))) {
            start++;
        }
        while (end > start && isBlank(location.charAt(end - 1))) {
            end--;
        }
        return location.substring(start, end);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    /** Refuses a control character (CR and LF included) and a char no field byte decodes to. */
    private static void checkCharacters(String location, String value) throws RedirectException {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                throw bad(location, "holds control character " + escape(c)
                        + ": a Location is one line of printable characters");
            }
            if (c > 0xFF) {
                throw bad(location, "holds " + String.format("U+%04X", (int) c) + ", which no field byte decodes to:"
                        + " pass the value as the response parser gives it, one char per byte (ISO-8859-1)");
            }
        }
    }

    private static String nonNull(String part) {
        return part == null ? "" : part;
    }

    private static RedirectException bad(String location, String what) {
        return new RedirectException(Problem.BAD_LOCATION, "Location " + quote(location) + " " + what);
    }

    /**
     * {@code text} in single quotes for a message: control characters and non-ASCII escaped, cut where the quoted
     * form reaches {@value #QUOTED_MAX_CHARS} characters (escapes count as written), with a note of the length.
     */
    static String quote(String text) {
        StringBuilder out = new StringBuilder("'");
        int shown = 0;
        while (shown < text.length() && out.length() <= QUOTED_MAX_CHARS) {
            char c = text.charAt(shown++);
            out.append(c < 0x20 || c >= 0x7F ? escape(c) : String.valueOf(c));
        }
        out.append('\'');
        if (shown < text.length()) {
            out.append(" (cut, ").append(text.length()).append(" characters)");
        }
        return out.toString();
    }

    /** {@code \r}, {@code \n}, {@code \t}, else {@code \}{@code uXXXX}. */
    private static String escape(char c) {
        return switch (c) {
            case '\r' -> "\\r";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            default -> String.format("\\u%04X", (int) c);
        };
    }
}
