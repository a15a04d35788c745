package io.proxybench.client.internal.redirect;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lenient step before {@link java.net.URI} parses a Location: what servers really send, made into a URI reference
 * the way browsers and curl make it, so that {@code URI} accepts what they accept.
 *
 * <ul>
 *   <li>A byte outside ASCII is percent-encoded as it is ({@code %C3%A9} for a UTF-8 {@code é}): the value holds one
 *       char per byte, as the response parser decodes fields (ISO-8859-1), so a UTF-8 Location comes out as UTF-8
 *       percent-encoding, as browsers and curl send it.</li>
 *   <li>A space, {@code " < > ^ ` { | }} and, outside the authority, {@code [ ]} are percent-encoded; browsers send
 *       some of them raw, which {@code URI} refuses and servers decode alike.</li>
 *   <li>A backslash before the query is a {@code /}, as browsers read http(s) URLs ({@code \\host\p} is
 *       {@code //host/p}); in the query or fragment it is {@code %5C}.</li>
 *   <li>A {@code %} not followed by two hex digits is {@code %25}; a {@code #} after the first is {@code %23}.</li>
 * </ul>
 *
 * Control characters are not handled here: {@link Locations} refuses them before.
 */
final class LocationText {

    /** A scheme and its colon, RFC 3986 §3.1. */
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private LocationText() {
    }

    /**
     * {@code value} as a URI reference {@link java.net.URI} can parse, when its only faults are those listed above.
     *
     * @param value a trimmed Location without control characters, one char per byte (each at most U+00FF)
     * @return the value with the listed characters encoded; ASCII
     */
    static String encode(String value) {
        String slashed = backslashesAsSlashes(value);
        int authorityStart = authorityStart(slashed);
        int authorityEnd = authorityStart < 0 ? -1 : endOfAuthority(slashed, authorityStart);
        StringBuilder out = new StringBuilder(slashed.length() + 16);
        boolean inFragment = false;
        for (int i = 0; i < slashed.length(); i++) {
            char c = slashed.charAt(i);
            boolean inAuthority = i >= authorityStart && i < authorityEnd;
            if (c == '#' && !inFragment) {
                inFragment = true;
                out.append(c);
            } else if (c == '%' && !(hex(slashed, i + 1) && hex(slashed, i + 2))
                    || (c == '[' || c == ']') && !inAuthority
                    || c == '#' || needsEncoding(c)) {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Whether {@code c} is encoded wherever it is: a space, a byte outside ASCII, or a character URI refuses. */
    private static boolean needsEncoding(char c) {
        return c == ' ' || c > 0x7E || "\"<>\\^`{|}".indexOf(c) >= 0;
    }

    /** {@code value} with each backslash before the first {@code ?} or {@code #} turned into a slash. */
    private static String backslashesAsSlashes(String value) {
        int end = endOf(value, 0, "?#");
        return value.substring(0, end).replace('\\', '/') + value.substring(end);
    }

    /** Where the authority starts (after {@code //}, behind a scheme or not), or -1 when there is none. */
    private static int authorityStart(String value) {
        Matcher scheme = SCHEME.matcher(value);
        int afterScheme = scheme.find() ? scheme.end() : 0;
        return value.startsWith("//", afterScheme) ? afterScheme + 2 : -1;
    }

    private static int endOfAuthority(String value, int start) {
        return endOf(value, start, "/?#");
    }

    /** The index of the first of {@code stops} at or after {@code from}, or the length. */
    private static int endOf(String value, int from, String stops) {
        for (int i = from; i < value.length(); i++) {
            if (stops.indexOf(value.charAt(i)) >= 0) {
                return i;
            }
        }
        return value.length();
    }

    private static boolean hex(String value, int i) {
        if (i >= value.length()) {
            return false;
        }
        char c = value.charAt(i);
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }
}
