package io.proxybench.client.internal.connect;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@code Proxy-Status} header (RFC 9209): a list of members, one per intermediary, each with parameters, of which
 * {@code error} (a token such as {@code destination_not_found}) and {@code details} (a string) say why a proxy
 * failed. The list is a structured field (RFC 8941): members are separated by commas and parameters by semicolons
 * outside quoted strings, in which {@code \"} and {@code \\} are escapes.
 */
final class ProxyStatusHeader {

    private ProxyStatusHeader() {}

    /**
     * The first member's reason that has one: {@code error: details}, or either alone.
     *
     * @param value one {@code Proxy-Status} field line
     * @return the reason as sent (not yet cleaned or bounded), or null when no member has {@code error} or
     *     {@code details}
     */
    static String reason(String value) {
        for (String member : split(value, ',')) {
            String error = null;
            String details = null;
            List<String> parts = split(member, ';');
            for (String parameter : parts.subList(1, parts.size())) {
                int eq = parameter.indexOf('=');
                String key = (eq < 0 ? parameter : parameter.substring(0, eq)).strip();
                String item = eq < 0 ? "" : unquoted(parameter.substring(eq + 1).strip());
                if (key.equals("error")) {
                    error = item;
                } else if (key.equals("details")) {
                    details = item;
                }
            }
            error = error == null || error.isBlank() ? null : error;
            details = details == null || details.isBlank() ? null : details;
            if (error != null || details != null) {
                return error == null ? details : details == null ? error : error + ": " + details;
            }
        }
        return null;
    }

    /** {@code text} cut at each {@code separator} outside quoted strings; the parts keep their quotes. */
    private static List<String> split(String text, char separator) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted && c == '\\' && i + 1 < text.length()) {
                part.append(c).append(text.charAt(++i));
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            } else if (c == separator && !quoted) {
                parts.add(part.toString());
                part.setLength(0);
                continue;
            }
            part.append(c);
        }
        parts.add(part.toString());
        return parts;
    }

    /** A quoted string's text with its escapes resolved; anything else (a token, a number) as it is. */
    private static String unquoted(String item) {
        if (item.length() < 2 || item.charAt(0) != '"' || item.charAt(item.length() - 1) != '"') {
            return item;
        }
        StringBuilder text = new StringBuilder();
        for (int i = 1; i < item.length() - 1; i++) {
            char c = item.charAt(i);
            text.append(c == '\\' && i + 1 < item.length() - 1 ? item.charAt(++i) : c);
        }
        return text.toString();
    }
}
