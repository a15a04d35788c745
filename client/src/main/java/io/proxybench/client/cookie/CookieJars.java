package io.proxybench.client.cookie;

import io.proxybench.client.internal.cookie.NetscapeCookieFile;
import io.proxybench.client.internal.cookie.RfcCookieJar;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The cookie jars of a client, by session key: {@linkplain #perSession() one per key} by default, so that a cookie
 * set through one session (one exit, one identity) is never sent through another; or {@linkplain #shared() one for
 * all}. Requests without a session key have a jar of their own ({@code null} key).
 *
 * <p>Every jar follows RFC 6265 as browsers do: domain and path matching, host-only cookies, {@code Secure} only over
 * {@code https} or to this machine (and settable only from them), expiry with {@code Max-Age} over {@code Expires} (at most 400 days ahead),
 * no cookie for a public suffix such as {@code com} or {@code github.io} (from the Public Suffix List Guava ships),
 * host-only cookies for IP addresses, the {@code __Secure-} and {@code __Host-} name prefixes. {@code SameSite} is
 * kept but not enforced. A jar holds at most 180 cookies per registrable domain (e.g. all of {@code *.example.com})
 * and 3,000 in all, the caps of Chrome and Firefox; over a cap it drops expired cookies, then the least recently used.
 * Memory therefore grows with the number of keys, at most 3,000 cookies of at most 4 KiB each per key.
 *
 * <p>Jars load and save curl's cookie file (the Netscape format of {@code curl -b FILE} and {@code curl -c FILE}).
 * Thread-safe.
 */
public final class CookieJars {

    private final boolean shared;
    private final InstantSource clock = InstantSource.system();
    /** The jar of requests without a session key; in shared mode, the jar of all. */
    private final RfcCookieJar noSession = new RfcCookieJar(clock);
    private final ConcurrentMap<String, RfcCookieJar> bySession = new ConcurrentHashMap<>();

    private CookieJars(boolean shared) {
        this.shared = shared;
    }

    /**
     * A jar per session key, created empty when the key is first seen: what one session sets, only it gets back.
     *
     * @return new, empty jars
     */
    public static CookieJars perSession() {
        return new CookieJars(false);
    }

    /**
     * One jar for every key, as a general-purpose client (or a browser profile) keeps cookies.
     *
     * @return a new, empty jar shared by all keys
     */
    public static CookieJars shared() {
        return new CookieJars(true);
    }

    /**
     * The jar of {@code key}: the same jar for the same key every time.
     *
     * @param key a request's session key, or null for requests without one
     * @return the key's jar; in shared mode the one jar
     */
    public CookieJar forSession(String key) {
        return jar(key);
    }

    /**
     * Adds the cookies of a curl cookie file to the jar of {@code key}; one of the same name, domain and path as a
     * cookie already there replaces it, an expired one is left out. Lines starting with {@code #} (but
     * {@code #HttpOnly_}) and blank lines are skipped; the {@code # Netscape HTTP Cookie File} line is not required.
     *
     * @param key the session key whose jar to fill, or null for requests without one
     * @param file a file in curl's cookie-file format, read as ISO-8859-1
     * @return how many cookies the file held, expired ones included
     * @throws IOException if the file cannot be read, or a line does not parse; then the message names the file, the
     *     line number, what is wrong and how to fix it, and the jar is unchanged
     */
    public int load(String key, Path file) throws IOException {
        List<Cookie> cookies = NetscapeCookieFile.read(file);
        RfcCookieJar jar = jar(key);
        cookies.forEach(jar::add);
        return cookies.size();
    }

    /**
     * Saves the unexpired cookies of the jar of {@code key} to a curl cookie file, oldest first; session cookies
     * with expiry 0, HttpOnly ones with the {@code #HttpOnly_} prefix, SameSite left out (the format has no field for
     * it). The file is written whole or not at all (a temporary file moved over it), readable by its owner only.
     *
     * @param key the session key whose jar to save, or null for requests without one
     * @param file where to write; a file already there is replaced only if its first line is
     *     {@code # Netscape HTTP Cookie File} (or it is empty), so that no other file is lost to a mistyped name
     * @throws IOException if the file exists and is not a cookie file (the message says so), or cannot be written
     */
    public void save(String key, Path file) throws IOException {
        NetscapeCookieFile.write(file, jar(key).cookies());
    }

    /**
     * How many {@code Set-Cookie} values did not parse (no {@code =}, an empty name, control characters, longer than
     * 4,096 characters) and were ignored, as a browser ignores them, in all jars.
     *
     * @return the count since the jars were created
     */
    public long unparseableCount() {
        long count = noSession.unparseableCount();
        for (RfcCookieJar jar : bySession.values()) {
            count += jar.unparseableCount();
        }
        return count;
    }

    private RfcCookieJar jar(String key) {
        if (shared || key == null) {
            return noSession;
        }
        return bySession.computeIfAbsent(key, k -> new RfcCookieJar(clock));
    }
}
