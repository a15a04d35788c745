package io.proxybench.harness.plan;

import io.proxybench.harness.TypedValue;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A target URL as a user types it (run's {@code --url}, a {@code --url-file} line, alternate's windows'): an
 * absolute {@code http://} or {@code https://} URL with a host, and a port from 1 to 65535 when it has one; the scheme
 * is lower-cased. Every error quotes the value, names what is wrong with it and how to write it.
 */
public final class TargetUrl {

    private TargetUrl() {}

    /**
     * @return the URL, scheme lower-cased, its server authority parsed
     * @throws IllegalArgumentException whose message is the value as typed (quoted when its ends would not show) and
     *     its problem, e.g. "example.com has no scheme: write https://example.com (or http://)"
     */
    public static URI parse(String value) {
        String text = value.strip();
        int sep = text.indexOf("://");
        if (sep < 0) {
            throw bad(value, text.matches("(?i)https?:.*")
                    ? "is not a URL: write http://HOST[:PORT]/PATH or https://..."
                    : "has no scheme: write https://" + text + " (or http://)");
        }
        String scheme = text.substring(0, sep).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw bad(value, "is not an http:// or https:// URL: write https://" + text.substring(sep + 3)
                    + " (or http://)");
        }
        URI uri = uri(value, scheme + text.substring(sep));
        if (uri.getAuthority() == null) {
            throw bad(value, "has no host: write it after " + scheme + "://, e.g. " + scheme + "://example.com/");
        }
        try {
            uri = uri.parseServerAuthority();
        } catch (URISyntaxException e) {
            throw bad(value, problem(e));
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw bad(value, "has port " + uri.getPort() + ", outside 1..65535");
        }
        return uri;
    }

    private static URI uri(String value, String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw bad(value, problem(e));
        }
    }

    /** What {@code e} found, in words: where, and for a character a URL cannot hold as it is, its escape. */
    private static String problem(URISyntaxException e) {
        String input = e.getInput();
        int at = e.getIndex();
        if (e.getReason().startsWith("Illegal character") && at >= 0 && at < input.length()) {
            String c = new String(Character.toChars(input.codePointAt(at)));
            String where = "has '" + c + "' at character " + (at + 1) + ", which ";
            if (e.getReason().endsWith("port number")) {
                return where + "a port cannot hold: write a number from 1 to 65535";
            }
            if (e.getReason().endsWith("hostname") || e.getReason().endsWith("authority")) {
                return where + "a host name cannot hold: write the host as letters, digits, '-' and '.'";
            }
            return where + "a URL cannot hold as it is: write " + escape(c) + " instead";
        }
        String reason = e.getReason().substring(0, 1).toLowerCase(Locale.ROOT) + e.getReason().substring(1);
        return "is not a URL: " + reason + (at >= 0 ? " at character " + (at + 1) : "");
    }

    private static String escape(String c) {
        StringBuilder out = new StringBuilder();
        for (byte b : c.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format(Locale.ROOT, "%%%02X", b & 0xff));
        }
        return out.toString();
    }

    private static IllegalArgumentException bad(String value, String problem) {
        return new IllegalArgumentException(TypedValue.shown(value) + " " + problem);
    }
}
