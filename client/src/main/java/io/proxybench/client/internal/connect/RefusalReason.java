package io.proxybench.client.internal.connect;

import io.proxybench.client.proxy.ProxyCredentials;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a proxy refused a CONNECT, in its own words, from the first source that has some: a {@code Proxy-Status}
 * header (RFC 9209, {@link ProxyStatusHeader}), a header named {@code X-*-Error*} (squid's
 * {@code X-Squid-Error: ERR_CACHE_ACCESS_DENIED 0}), then the body: an HTML page's {@code <title>}, else its first
 * non-blank line. The reason is at most {@link #MAX_CHARS} characters on one line: control characters become
 * spaces, runs of white space one space. It never shows the credentials the tunnel sent (user, password or their
 * Basic token, when at least {@link #SHORTEST_MASKED} characters long): they read {@link #MASK}.
 */
public final class RefusalReason {

    /** Longest reason, in characters. */
    static final int MAX_CHARS = 160;
    /** What a credential reads in a reason. */
    static final String MASK = "****";
    /** How a reason longer than {@link #MAX_CHARS} ends. */
    static final String CUT = "...";
    /** Credentials shorter than this are not masked: masking "u" would mangle every word. */
    static final int SHORTEST_MASKED = 3;

    private static final Pattern ERROR_HEADER = Pattern.compile("x-.+-error.*", Pattern.CASE_INSENSITIVE);
    private static final Pattern TITLE = Pattern.compile("<title[^>]*>(.*?)</title\\s*>",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern SCRIPT_OR_STYLE = Pattern.compile("<(script|style)\\b.*?</\\1\\s*>",
            Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");
    private static final Pattern ENTITY = Pattern.compile("&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);");
    private static final Pattern LINE_BREAK = Pattern.compile("\\r\\n|\\r|\\n");
    private static final Pattern SPACES = Pattern.compile("[\\s\\p{Z}]+");

    private RefusalReason() {}

    /**
     * The reason in a refusal's headers alone, as Netty's {@code HttpProxyConnectException} keeps them: the body and
     * the credentials sent are not known.
     *
     * @param headers the refusal's header fields, names in any case
     * @return the reason, or null when no header has one
     */
    public static String of(Iterable<? extends Map.Entry<? extends CharSequence, ? extends CharSequence>> headers) {
        return of(headers, null, null);
    }

    /**
     * @param headers the refusal's header fields, names in any case
     * @param body the start of its body, or null when none was read
     * @param credentials what the tunnel authenticated with, or null for none
     * @return the reason, or null when no source has one
     */
    static String of(Iterable<? extends Map.Entry<? extends CharSequence, ? extends CharSequence>> headers,
            BodyPrefix body, ProxyCredentials credentials) {
        List<String> secrets = secrets(credentials);
        String proxyStatus = null;
        String errorHeader = null;
        String contentType = "";
        for (Map.Entry<? extends CharSequence, ? extends CharSequence> field : headers) {
            String name = field.getKey().toString();
            String value = field.getValue().toString();
            if (proxyStatus == null && name.equalsIgnoreCase("proxy-status")) {
                proxyStatus = shown(ProxyStatusHeader.reason(value), secrets);
            } else if (errorHeader == null && ERROR_HEADER.matcher(name).matches()) {
                errorHeader = shown(value, secrets);
            } else if (name.equalsIgnoreCase("content-type")) {
                contentType = value.toLowerCase(Locale.ROOT);
            }
        }
        if (proxyStatus != null) {
            return proxyStatus;
        }
        if (errorHeader != null) {
            return errorHeader;
        }
        return body == null ? null : shown(fromBody(body, contentType, secrets), secrets);
    }

    /**
     * The body's reason before it is cleaned: masked first, so that a secret the proxy echoes is whole when it is
     * matched; a prefix that may be cut loses its last characters, where a secret cut short would not match.
     */
    private static String fromBody(BodyPrefix body, String contentType, List<String> secrets) {
        String text = masked(body.text(), secrets);
        if (body.full()) {
            int longest = secrets.stream().mapToInt(String::length).max().orElse(0);
            text = text.substring(0, Math.max(0, text.length() - longest));
        }
        boolean html = contentType.contains("html") || text.stripLeading().startsWith("<");
        if (!html) {
            return firstLine(text);
        }
        Matcher title = TITLE.matcher(text);
        if (title.find() && !title.group(1).isBlank()) {
            return decoded(title.group(1));
        }
        return firstLine(decoded(TAG.matcher(SCRIPT_OR_STYLE.matcher(text).replaceAll(" ")).replaceAll("\n")));
    }

    private static String firstLine(String text) {
        for (String line : LINE_BREAK.split(text)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    /** HTML character references resolved: numeric ones, and the few named ones error pages use. */
    private static String decoded(String html) {
        return ENTITY.matcher(html).replaceAll(m -> Matcher.quoteReplacement(entity(m.group(1), m.group())));
    }

    private static String entity(String name, String whole) {
        if (name.startsWith("#")) {
            boolean hex = name.length() > 1 && (name.charAt(1) == 'x' || name.charAt(1) == 'X');
            int code = Integer.parseInt(name.substring(hex ? 2 : 1), hex ? 16 : 10);
            return Character.isValidCodePoint(code) ? Character.toString(code) : " ";
        }
        return switch (name) {
            case "amp" -> "&";
            case "lt" -> "<";
            case "gt" -> ">";
            case "quot" -> "\"";
            case "apos" -> "'";
            case "nbsp" -> " ";
            default -> whole;
        };
    }

    /**
     * {@code text} as a reason: masked (again: decoding may have spelled a secret out), on one line, bounded; null
     * when nothing is left.
     */
    private static String shown(String text, List<String> secrets) {
        if (text == null) {
            return null;
        }
        StringBuilder oneLine = new StringBuilder(text.length());
        masked(text, secrets).codePoints()
                .map(c -> Character.isISOControl(c) || Character.getType(c) == Character.FORMAT ? ' ' : c)
                .forEach(oneLine::appendCodePoint);
        String squashed = SPACES.matcher(oneLine).replaceAll(" ").strip();
        if (squashed.isEmpty()) {
            return null;
        }
        if (squashed.length() <= MAX_CHARS) {
            return squashed;
        }
        int end = MAX_CHARS - CUT.length();
        if (Character.isHighSurrogate(squashed.charAt(end - 1))) {
            end--;
        }
        return squashed.substring(0, end).stripTrailing() + CUT;
    }

    private static String masked(String text, List<String> secrets) {
        for (String secret : secrets) {
            text = text.replace(secret, MASK);
        }
        return text;
    }

    /**
     * What must never be shown: the Basic token, the password and the user, longest first, so that one that contains
     * another is masked whole.
     */
    private static List<String> secrets(ProxyCredentials credentials) {
        List<String> secrets = new ArrayList<>(3);
        if (credentials != null) {
            for (String s : new String[] {credentials.basicToken(), credentials.password(), credentials.user()}) {
                if (s.length() >= SHORTEST_MASKED) {
                    secrets.add(s);
                }
            }
        }
        secrets.sort(Comparator.comparingInt(String::length).reversed());
        return secrets;
    }
}
