package io.proxybench.client.internal.cookie;

import io.proxybench.client.cookie.Cookie;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The cookies of one jar (RFC 6265 §5.3 steps 11 and 12, §5.4), bounded as browsers bound theirs: at most
 * {@code maxPerDomain} cookies per registrable domain (the public suffix plus one label, e.g. all of
 * {@code *.example.co.uk}) and {@code maxTotal} in all. Over a cap, expired cookies go first, then the least recently
 * used (set or sent) of the domain, then of the jar; the cookie just stored is the most recently used, so it stays.
 *
 * <p>A cookie is identified by name, domain and path; storing one with the same three replaces it and keeps its
 * creation order. Creation and use are ordered by a counter, not a clock, so ties cannot happen. Thread-safe: every
 * method holds the store's lock, and none calls out while holding it.
 */
final class CookieStore {

    /** Chrome's and Firefox's cap per registrable domain; RFC 6265 §6.1 asks for at least 50. */
    static final int MAX_PER_DOMAIN = 180;
    /** Chrome's and Firefox's cap per profile; RFC 6265 §6.1 asks for at least 3000. */
    static final int MAX_TOTAL = 3000;

    /** Orders cookies as a {@code Cookie} header lists them (§5.4 step 2): longer paths first, then older first. */
    private static final Comparator<Entry> HEADER_ORDER = Comparator
            .comparingInt((Entry e) -> -e.cookie.path().length()).thenComparingLong(e -> e.created);

    private final int maxPerDomain;
    private final int maxTotal;
    /** Cookies by their {@link Cookie#domain()}: a request's host looks up itself and its parent domains. */
    private final Map<String, List<Entry>> byDomain = new HashMap<>();
    /** How many cookies each registrable domain holds; no zero counts. */
    private final Map<String, Integer> perGroup = new HashMap<>();
    private int size;
    /** The last creation or use number handed out. */
    private long ticks;

    CookieStore(int maxPerDomain, int maxTotal) {
        if (maxPerDomain < 1 || maxTotal < 1) {
            throw new IllegalArgumentException("cookie caps must be at least 1, got " + maxPerDomain + " per domain"
                    + " and " + maxTotal + " in all");
        }
        this.maxPerDomain = maxPerDomain;
        this.maxTotal = maxTotal;
    }

    /**
     * Stores {@code cookie} as a response set it, replacing the one of the same name, domain and path; an expired
     * cookie only removes that one. Over {@code http} ({@code secureOrigin} false), a non-secure cookie is ignored if
     * it would shadow a secure one of the same name (RFC 6265bis "Leave Secure Cookies Alone").
     */
    synchronized void put(Cookie cookie, boolean secureOrigin, Instant now) {
        if (!secureOrigin && !cookie.secure() && shadowsSecure(cookie)) {
            return;
        }
        Entry old = remove(cookie);
        if (cookie.expiry().isPresent() && !cookie.expiry().get().isAfter(now)) {
            return;
        }
        Entry entry = new Entry(cookie, old != null ? old.created : ++ticks, ++ticks,
                CookieDomains.registrableDomain(cookie.domain()));
        byDomain.computeIfAbsent(cookie.domain(), d -> new ArrayList<>()).add(entry);
        perGroup.merge(entry.group, 1, Integer::sum);
        size++;
        if (perGroup.get(entry.group) > maxPerDomain || size > maxTotal) {
            removeIf(e -> expired(e, now));
            while (perGroup.getOrDefault(entry.group, 0) > maxPerDomain) {
                removeLeastRecentlyUsed(e -> e.group.equals(entry.group));
            }
            while (size > maxTotal) {
                removeLeastRecentlyUsed(e -> true);
            }
        }
    }

    /**
     * The cookies to send to {@code host} at {@code path}, in header order, each marked as used now; expired ones met
     * on the way are removed.
     *
     * @param host a canonical host ({@link CookieDomains#canonicalHost})
     * @param path a request path ({@link CookiePaths#requestPath})
     * @param secure whether the request may get Secure cookies ({@link CookieAdmission#isSecure})
     */
    synchronized List<Cookie> select(String host, String path, boolean secure, Instant now) {
        List<Entry> chosen = new ArrayList<>();
        for (String domain : CookieDomains.candidateDomains(host)) {
            List<Entry> entries = byDomain.get(domain);
            if (entries == null) {
                continue;
            }
            for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (expired(e, now)) {
                    it.remove();
                    forget(e);
                } else if ((!e.cookie.hostOnly() || domain.equals(host))
                        && CookiePaths.pathMatches(path, e.cookie.path()) && (secure || !e.cookie.secure())) {
                    chosen.add(e);
                }
            }
            if (entries.isEmpty()) {
                byDomain.remove(domain);
            }
        }
        chosen.sort(HEADER_ORDER);
        List<Cookie> cookies = new ArrayList<>(chosen.size());
        for (Entry e : chosen) {
            e.lastUsed = ++ticks;
            cookies.add(e.cookie);
        }
        return cookies;
    }

    /** Every unexpired cookie, oldest first (so that storing them in this order keeps their header order). */
    synchronized List<Cookie> all(Instant now) {
        removeIf(e -> expired(e, now));
        return byDomain.values().stream().flatMap(List::stream)
                .sorted(Comparator.comparingLong((Entry e) -> e.created)).map(e -> e.cookie).toList();
    }

    /** How many cookies the store holds, expired ones not yet removed included. */
    synchronized int size() {
        return size;
    }

    private boolean shadowsSecure(Cookie cookie) {
        for (List<Entry> entries : byDomain.values()) {
            for (Entry e : entries) {
                Cookie old = e.cookie;
                if (old.secure() && old.name().equals(cookie.name())
                        && (CookieDomains.domainMatches(old.domain(), cookie.domain())
                                || CookieDomains.domainMatches(cookie.domain(), old.domain()))
                        && CookiePaths.pathMatches(cookie.path(), old.path())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Removes the cookie of the same name, domain and path as {@code cookie}, if any, and returns its entry. */
    private Entry remove(Cookie cookie) {
        List<Entry> entries = byDomain.get(cookie.domain());
        if (entries == null) {
            return null;
        }
        for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
            Entry e = it.next();
            if (e.cookie.name().equals(cookie.name()) && e.cookie.path().equals(cookie.path())) {
                it.remove();
                if (entries.isEmpty()) {
                    byDomain.remove(cookie.domain());
                }
                forget(e);
                return e;
            }
        }
        return null;
    }

    private void removeLeastRecentlyUsed(Predicate<Entry> among) {
        Entry lru = null;
        for (List<Entry> entries : byDomain.values()) {
            for (Entry e : entries) {
                if (among.test(e) && (lru == null || e.lastUsed < lru.lastUsed)) {
                    lru = e;
                }
            }
        }
        remove(lru.cookie);
    }

    private void removeIf(Predicate<Entry> condition) {
        for (Iterator<List<Entry>> lists = byDomain.values().iterator(); lists.hasNext(); ) {
            List<Entry> entries = lists.next();
            for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (condition.test(e)) {
                    it.remove();
                    forget(e);
                }
            }
            if (entries.isEmpty()) {
                lists.remove();
            }
        }
    }

    /** Updates the counts for an entry already taken out of {@link #byDomain}. */
    private void forget(Entry e) {
        perGroup.computeIfPresent(e.group, (group, n) -> n == 1 ? null : n - 1);
        size--;
    }

    private static boolean expired(Entry e, Instant now) {
        return e.cookie.expiry().isPresent() && !e.cookie.expiry().get().isAfter(now);
    }

    /** A stored cookie with its creation and last-use numbers and the registrable domain it counts under. */
    private static final class Entry {
        final Cookie cookie;
        final long created;
        long lastUsed;
        final String group;

        Entry(Cookie cookie, long created, long lastUsed, String group) {
            this.cookie = cookie;
            this.created = created;
            this.lastUsed = lastUsed;
            this.group = group;
        }
    }
}
