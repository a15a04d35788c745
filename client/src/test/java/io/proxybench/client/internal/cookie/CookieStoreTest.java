package io.proxybench.client.internal.cookie;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.cookie.Cookie;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The caps of a jar: per registrable domain and in all; over one, expired cookies go first, then the least used. */
class CookieStoreTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

    private static Cookie cookie(String name, String domain, String path) {
        return Cookie.builder(name, "v").domain(domain).path(path).build();
    }

    private static List<String> names(CookieStore store, Instant now) {
        return store.all(now).stream().map(Cookie::name).toList();
    }

    @Test
    void overTheDomainCapTheLeastRecentlyUsedCookieOfThatDomainGoes() {
        CookieStore store = new CookieStore(3, 100);
        store.put(cookie("other", "other.org", "/"), true, T0);
        store.put(cookie("a", "example.com", "/a"), true, T0);
        store.put(cookie("b", "example.com", "/b"), true, T0);
        store.put(cookie("c", "example.com", "/c"), true, T0);
        assertThat(store.select("example.com", "/a", false, T0)).extracting(Cookie::name).containsExactly("a");

        store.put(cookie("d", "example.com", "/d"), true, T0);

        assertThat(names(store, T0)).containsExactly("other", "a", "c", "d");
    }

    @Test
    void theDomainCapCountsAllHostsOfARegistrableDomain() {
        CookieStore store = new CookieStore(2, 100);
        store.put(cookie("a", "www.example.co.uk", "/"), true, T0);
        store.put(cookie("b", "api.example.co.uk", "/"), true, T0);
        store.put(cookie("c", "example.co.uk", "/"), true, T0);
        store.put(cookie("d", "another.co.uk", "/"), true, T0);

        assertThat(names(store, T0)).containsExactly("b", "c", "d");
    }

    @Test
    void expiredCookiesGoBeforeTheLeastRecentlyUsed() {
        CookieStore store = new CookieStore(3, 100);
        store.put(Cookie.builder("short", "v").domain("example.com").path("/s").expiry(T0.plusSeconds(10)).build(),
                true, T0);
        store.put(cookie("b", "example.com", "/b"), true, T0);
        store.put(cookie("c", "example.com", "/c"), true, T0);
        store.select("example.com", "/s", false, T0);

        Instant later = T0.plusSeconds(20);
        store.put(cookie("d", "example.com", "/d"), true, later);

        assertThat(names(store, later)).containsExactly("b", "c", "d");
    }

    @Test
    void overTheTotalCapTheLeastRecentlyUsedCookieOfAnyDomainGoes() {
        CookieStore store = new CookieStore(100, 3);
        store.put(cookie("a", "a.com", "/"), true, T0);
        store.put(cookie("b", "b.com", "/"), true, T0);
        store.put(cookie("c", "c.com", "/"), true, T0);
        store.select("a.com", "/", false, T0);

        store.put(cookie("d", "d.com", "/"), true, T0);

        assertThat(names(store, T0)).containsExactly("a", "c", "d");
    }

    @Test
    void theCookieJustStoredStaysEvenAtACapOfOne() {
        CookieStore store = new CookieStore(1, 1);
        store.put(cookie("a", "example.com", "/"), true, T0);
        store.put(cookie("b", "example.org", "/"), true, T0);

        assertThat(names(store, T0)).containsExactly("b");
    }

    @Test
    void manyCookiesStayWithinTheBrowsersCaps() {
        CookieStore store = new CookieStore(CookieStore.MAX_PER_DOMAIN, CookieStore.MAX_TOTAL);
        for (int i = 0; i < 10_000; i++) {
            store.put(cookie("c" + i, "h" + (i % 7) + ".site" + (i % 40) + ".com", "/"), true, T0);
        }

        List<Cookie> all = store.all(T0);
        assertThat(all).hasSize(CookieStore.MAX_TOTAL);
        assertThat(store.size()).isEqualTo(CookieStore.MAX_TOTAL);
        Map<String, Long> perSite = all.stream().collect(Collectors.groupingBy(
                c -> c.domain().substring(c.domain().indexOf('.') + 1), Collectors.counting()));
        assertThat(perSite.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(CookieStore.MAX_PER_DOMAIN));
        assertThat(all.get(all.size() - 1).name()).as("the last stored is kept").isEqualTo("c9999");
    }

    @Test
    void capsBelowOneAreRefused() {
        assertThatThrownBy(() -> new CookieStore(0, 10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1");
    }
}
