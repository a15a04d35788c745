package io.proxybench.client.internal.cookie;

import io.proxybench.client.cookie.Cookie;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * curl's cookie file (the Netscape format, curl's {@code -b FILE} and {@code -c FILE}): a line per cookie of 7
 * tab-separated fields — domain, include subdomains ({@code TRUE}: a domain cookie; {@code FALSE}: host-only), path,
 * secure ({@code TRUE}/{@code FALSE}), expiry in seconds since 1970 ({@code 0}: a session cookie), name, value — with
 * {@code #HttpOnly_} before the domain of an HttpOnly cookie. Other lines starting with {@code #}, and blank lines,
 * are comments. A line of 6 fields is a cookie with an empty value (curl drops the trailing tab too).
 *
 * <p>Read as curl reads it: a leading dot on the domain is dropped, the include-subdomains field alone decides. Read
 * strictly where curl skips: a line that does not parse is an error naming the file, the line and the fix, and a
 * domain cookie for a public suffix is refused. Bytes are ISO-8859-1 both ways, so values go through unchanged.
 * SameSite is not in the format, so it is not saved.
 */
public final class NetscapeCookieFile {

    /** The first line curl writes, and the one {@link #write} requires of a file it replaces. */
    static final String HEADER = "# Netscape HTTP Cookie File";
    /** The first line of older files (Netscape's own, wget's): also a cookie file. */
    private static final String OLD_HEADER = "# HTTP Cookie File";
    private static final String HTTP_ONLY = "#HttpOnly_";
    private static final String FIELDS = "domain, include subdomains, path, secure, expiry, name, value";

    private NetscapeCookieFile() {
    }

    /**
     * The cookies of {@code file}, in file order.
     *
     * @throws IOException if it cannot be read, or does not parse: the message names the file, line and fix
     */
    public static List<Cookie> read(Path file) throws IOException {
        return parse(file.toString(), Files.readAllBytes(file));
    }

    /**
     * The cookies of a cookie file's bytes, in file order.
     *
     * @param source the file's name, for error messages
     * @throws IOException if a line does not parse: the message starts with {@code source + " line "}
     */
    static List<Cookie> parse(String source, byte[] content) throws IOException {
        List<Cookie> cookies = new ArrayList<>();
        String[] lines = new String(content, StandardCharsets.ISO_8859_1).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            boolean httpOnly = line.startsWith(HTTP_ONLY);
            if (httpOnly) {
                line = line.substring(HTTP_ONLY.length());
            } else if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            try {
                cookies.add(cookie(line, httpOnly));
            } catch (IllegalArgumentException e) {
                throw new IOException(source + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        return cookies;
    }

    /**
     * Writes {@code cookies} to {@code file} atomically (a temporary file in the same folder, moved over it), readable
     * by its owner only. A file already there is replaced only if it is a cookie file (or empty).
     *
     * @throws IOException if {@code file} exists and is not a cookie file (the message says so and what to do), or
     *     cannot be written
     */
    public static void write(Path file, List<Cookie> cookies) throws IOException {
        requireCookieFileOrNone(file);
        String text = format(cookies);
        Path absolute = file.toAbsolutePath();
        Path temp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName(), ".tmp");
        try {
            Files.write(temp, text.getBytes(StandardCharsets.ISO_8859_1));
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The text of a cookie file holding {@code cookies} in their order, header first. */
    static String format(List<Cookie> cookies) {
        StringBuilder text = new StringBuilder(HEADER).append('\n')
                .append("# Written by proxybench; curl reads it with -b FILE. Fields: ").append(FIELDS)
                .append(" (seconds since 1970, 0 for a session cookie).\n\n");
        for (Cookie c : cookies) {
            text.append(c.httpOnly() ? HTTP_ONLY : "").append(c.hostOnly() ? "" : ".").append(c.domain()).append('\t')
                    .append(c.hostOnly() ? "FALSE" : "TRUE").append('\t')
                    .append(c.path()).append('\t')
                    .append(c.secure() ? "TRUE" : "FALSE").append('\t')
                    .append(c.expiry().map(Instant::getEpochSecond).orElse(0L)).append('\t')
                    .append(c.name()).append('\t')
                    .append(c.value()).append('\n');
        }
        return text.toString();
    }

    private static void requireCookieFileOrNone(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + " is not a regular file; cookies are saved to a file: give a file's path");
        }
        String first;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            first = in.readLine();
        }
        if (first != null && !first.strip().equals(HEADER) && !first.strip().equals(OLD_HEADER)) {
            throw new IOException(file + " exists and is not a cookie file (its first line is not '" + HEADER
                    + "'), so it is left alone: save the cookies to another file, or delete this one first");
        }
    }

    private static Cookie cookie(String line, boolean httpOnly) {
        String[] f = line.split("\t", -1);
        if (f.length != 7 && f.length != 6) {
            throw new IllegalArgumentException("found " + f.length + " tab-separated field" + (f.length == 1 ? "" : "s")
                    + ", expected 7 (" + FIELDS + "); separate the fields with tabs, not spaces");
        }
        String domain = f[0].startsWith(".") ? f[0].substring(1) : f[0];
        if (domain.isEmpty()) {
            throw new IllegalArgumentException("the domain (field 1) is empty; give the cookie's host or domain");
        }
        if (domain.startsWith("#")) {
            throw new IllegalArgumentException("the domain (field 1) '" + f[0] + "' starts with '#', which no host"
                    + " name does (a saved file would read the line as a comment); give the cookie's host or domain");
        }
        if (domain.startsWith(".")) {
            throw new IllegalArgumentException("the domain (field 1) '" + f[0] + "' starts with more than one dot;"
                    + " give the cookie's host or domain, with one dot before it at most");
        }
        boolean includeSubdomains = flag(f[1], "include subdomains (field 2)");
        if (includeSubdomains && !CookieDomains.isIpAddress(domain)
                && CookieDomains.isPublicSuffixOrUnknown(domain.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("the domain '" + domain + "' is a public suffix (or not a domain name),"
                    + " and a cookie for all its sites is refused; give the site's own domain, or FALSE in field 2");
        }
        if (!f[2].startsWith("/")) {
            throw new IllegalArgumentException("the path (field 3) '" + f[2] + "' does not start with '/'; give a"
                    + " path such as /");
        }
        boolean secure = flag(f[3], "secure (field 4)");
        Instant expiry = expiry(f[4]);
        if (f[5].isEmpty()) {
            throw new IllegalArgumentException("the name (field 6) is empty; give the cookie's name");
        }
        return Cookie.builder(f[5], f.length == 7 ? f[6] : "")
                .domain(domain)
                .hostOnly(!includeSubdomains)
                .path(f[2])
                .secure(secure)
                .httpOnly(httpOnly)
                .expiry(expiry)
                .build();
    }

    private static boolean flag(String text, String field) {
        if (text.equalsIgnoreCase("TRUE")) {
            return true;
        }
        if (text.equalsIgnoreCase("FALSE")) {
            return false;
        }
        throw new IllegalArgumentException("the " + field + " is '" + text + "'; write TRUE or FALSE");
    }

    /** Seconds since 1970 to an instant; 0 is a session cookie (null). */
    private static Instant expiry(String text) {
        String problem = "the expiry (field 5) '" + text + "' is not a time; write seconds since 1970, or 0 for a"
                + " session cookie";
        if (text.isEmpty() || text.chars().anyMatch(c -> c < '0' || c > '9')) {
            throw new IllegalArgumentException(problem);
        }
        try {
            long seconds = Long.parseLong(text);
            return seconds == 0 ? null : Instant.ofEpochSecond(seconds);
        } catch (NumberFormatException | DateTimeException e) {
            throw new IllegalArgumentException(problem);
        }
    }
}
