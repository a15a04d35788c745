package io.proxybench.client.internal.cookie;

import io.netty.handler.codec.DateFormatter;
import java.time.Instant;
import java.util.Date;
import java.util.Locale;

/**
 * One {@code Set-Cookie} value as RFC 6265 §5.2 parses it, before §5.3 resolves it against the request: attribute
 * names case-insensitive, the last of each attribute wins, an attribute value that does not parse is ignored.
 * Leniency and limits are the browsers' (RFC 6265bis): a value whose name or value holds a control character, or
 * whose name and value together exceed {@link #MAX_NAME_VALUE_CHARS}, does not parse; an attribute value longer than
 * {@link #MAX_ATTRIBUTE_CHARS} is ignored.
 *
 * @param name not empty, no controls or {@code ;=}, characters U+0020 to U+00FF
 * @param value possibly empty, quotes kept, no controls or {@code ;}, characters U+0020 to U+00FF
 * @param expires the {@code Expires} date, or null when absent or unparseable
 * @param maxAgeSeconds the {@code Max-Age} delta in seconds, 0 for any value at or below 0, {@link Long#MAX_VALUE}
 *     for one too large for a long; null when absent or unparseable. When set, it wins over {@code expires}
 * @param domain the {@code Domain} value lower-cased without its leading dot, or null when absent or empty
 * @param path the {@code Path} value, or null when absent or not starting with {@code /} (the default path then)
 * @param secure the {@code Secure} flag
 * @param httpOnly the {@code HttpOnly} flag
 * @param sameSite the {@code SameSite} value as written, or null when absent
 */
record SetCookie(String name, String value, Instant expires, Long maxAgeSeconds, String domain, String path,
        boolean secure, boolean httpOnly, String sameSite) {

    /** RFC 6265bis §5.6: a name and value longer than this together are ignored, as 4096 bytes in browsers. */
    static final int MAX_NAME_VALUE_CHARS = 4096;
    /** RFC 6265bis §5.6: an attribute value longer than this is ignored. */
    static final int MAX_ATTRIBUTE_CHARS = 1024;
    /** The longest date Netty's {@link DateFormatter} reads (it throws beyond); a longer {@code Expires} is ignored. */
    static final int MAX_DATE_CHARS = 64;

    /**
     * Parses one header value.
     *
     * @param header a {@code Set-Cookie} header's value
     * @return the parsed cookie, or null when the value does not parse (no {@code =}, an empty name, a control
     *     character or a character above U+00FF in the name or value, or too long)
     */
    static SetCookie parse(String header) {
        int semicolon = header.indexOf(';');
        String pair = semicolon < 0 ? header : header.substring(0, semicolon);
        int eq = pair.indexOf('=');
        if (eq < 0) {
            return null;
        }
        String name = trim(pair.substring(0, eq));
        String value = trim(pair.substring(eq + 1));
        if (name.isEmpty() || name.length() + value.length() > MAX_NAME_VALUE_CHARS || !isCookieText(name)
                || !isCookieText(value)) {
            return null;
        }
        Instant expires = null;
        Long maxAge = null;
        String domain = null;
        String path = null;
        boolean secure = false;
        boolean httpOnly = false;
        String sameSite = null;
        int start = semicolon;
        while (start >= 0) {
            int end = header.indexOf(';', start + 1);
            String av = header.substring(start + 1, end < 0 ? header.length() : end);
            start = end;
            int avEq = av.indexOf('=');
            String attribute = trim(avEq < 0 ? av : av.substring(0, avEq)).toLowerCase(Locale.ROOT);
            String attributeValue = avEq < 0 ? "" : trim(av.substring(avEq + 1));
            if (attributeValue.length() > MAX_ATTRIBUTE_CHARS) {
                continue;
            }
            switch (attribute) {
                case "expires" -> {
                    Date date = attributeValue.length() > MAX_DATE_CHARS ? null
                            : DateFormatter.parseHttpDate(attributeValue);
                    if (date != null) {
                        expires = date.toInstant();
                    }
                }
                case "max-age" -> {
                    Long seconds = maxAge(attributeValue);
                    if (seconds != null) {
                        maxAge = seconds;
                    }
                }
                case "domain" -> {
                    if (!attributeValue.isEmpty()) {
                        String d = attributeValue.toLowerCase(Locale.ROOT);
                        domain = d.startsWith(".") ? d.substring(1) : d;
                        if (domain.isEmpty() || !isCookieText(domain)) {
                            domain = null;
                        }
                    }
                }
                case "path" -> path = attributeValue.startsWith("/") && isCookieText(attributeValue)
                        ? attributeValue : null;
                case "secure" -> secure = true;
                case "httponly" -> httpOnly = true;
                case "samesite" -> sameSite = isCookieText(attributeValue) ? attributeValue : sameSite;
                default -> {
                    // RFC 6265 §5.2 step 6: an unknown attribute is ignored.
                }
            }
        }
        return new SetCookie(name, value, expires, maxAge, domain, path, secure, httpOnly, sameSite);
    }

    /** RFC 6265 §5.2.2: an optional '-' and digits, or null; at or below 0 reads as 0, too large as the maximum. */
    private static Long maxAge(String text) {
        int digitsFrom = text.startsWith("-") ? 1 : 0;
        if (text.length() == digitsFrom) {
            return null;
        }
        for (int i = digitsFrom; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        if (digitsFrom == 1) {
            return 0L;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooLarge) {
            return Long.MAX_VALUE;
        }
    }

    /** What a cookie's name, value and attributes may hold: U+0020 to U+00FF but U+007F (no tab either). */
    private static boolean isCookieText(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7f || c > 0xff) {
                return false;
            }
        }
        return true;
    }

    /** Drops leading and trailing spaces and tabs (RFC 6265's WSP), nothing else. */
    private static String trim(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
            to--;
        }
        return s.substring(from, to);
    }
}
