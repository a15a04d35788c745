package io.proxybench.client.internal.cookie;

import io.proxybench.client.cookie.Cookie;
import io.proxybench.client.cookie.CookieJar;
import java.net.URI;
import java.time.InstantSource;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * An in-memory RFC 6265 jar: {@link SetCookie} parses, {@link CookieAdmission} decides, {@link CookieStore} keeps
 * and selects. Counts the {@code Set-Cookie} values that did not parse. Thread-safe.
 */
public final class RfcCookieJar implements CookieJar {

    private final InstantSource clock;
    private final CookieStore store;
    private final LongAdder unparseable = new LongAdder();

    /**
     * A jar with the browsers' caps ({@link CookieStore#MAX_PER_DOMAIN}, {@link CookieStore#MAX_TOTAL}).
     *
     * @param clock the wall clock expiry is judged by
     */
    public RfcCookieJar(InstantSource clock) {
        this(clock, CookieStore.MAX_PER_DOMAIN, CookieStore.MAX_TOTAL);
    }

    RfcCookieJar(InstantSource clock, int maxPerDomain, int maxTotal) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.store = new CookieStore(maxPerDomain, maxTotal);
    }

    @Override
    public List<Cookie> cookiesFor(URI uri) {
        if (store.size() == 0) {
            return List.of(); // the usual case of a jar no response has set anything in: nothing made
        }
        String host = CookieDomains.canonicalHost(uri);
        if (host == null) {
            return List.of();
        }
        return store.select(host, CookiePaths.requestPath(uri), CookieAdmission.isSecure(uri), clock.instant());
    }

    @Override
    public void store(URI uri, List<String> setCookieValues) {
        for (String header : setCookieValues) {
            SetCookie parsed = SetCookie.parse(header);
            if (parsed == null) {
                unparseable.increment();
                continue;
            }
            Cookie cookie = CookieAdmission.admit(uri, parsed, clock.instant());
            if (cookie != null) {
                store.put(cookie, CookieAdmission.isSecure(uri), clock.instant());
            }
        }
    }

    /**
     * Stores {@code cookie} as it is, as a cookie file gives it: it replaces one of the same name, domain and path,
     * and an expired one only removes that one.
     */
    public void add(Cookie cookie) {
        store.put(cookie, true, clock.instant());
    }

    /** Every unexpired cookie, oldest first. */
    public List<Cookie> cookies() {
        return store.all(clock.instant());
    }

    /** How many {@code Set-Cookie} values did not parse and were ignored. */
    public long unparseableCount() {
        return unparseable.sum();
    }
}
