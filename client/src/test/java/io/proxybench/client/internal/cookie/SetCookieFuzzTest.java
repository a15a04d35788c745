package io.proxybench.client.internal.cookie;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.code_intelligence.jazzer.mutation.annotation.NotNull;
import com.google.common.net.InternetDomainName;
import io.proxybench.client.cookie.Cookie;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * {@code Set-Cookie} values as a hostile server may send them, from any request URI: storing never throws, and a
 * stored cookie belongs to the request's host: a host-only cookie names that host, a domain cookie names a domain the
 * host domain-matches and which is no public suffix (checked against Guava's list directly). Input: the request URI,
 * a line break, then the header's value.
 */
class SetCookieFuzzTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

    @FuzzTest(maxDuration = "20s")
    void storedCookiesBelongToTheRequestHost(@NotNull String input) {
        int newline = input.indexOf('\n');
        URI uri;
        try {
            uri = new URI(newline < 0 ? input : input.substring(0, newline));
        } catch (URISyntaxException notAUri) {
            return;
        }
        String header = newline < 0 ? "" : input.substring(newline + 1);
        RfcCookieJar jar = new RfcCookieJar(() -> NOW);

        jar.store(uri, List.of(header));

        List<Cookie> stored = jar.cookies();
        assertThat(stored.size() + jar.unparseableCount()).as("one value gives one cookie or one count at most")
                .isLessThanOrEqualTo(1);
        String host = uri.getHost() == null ? null : uri.getHost().toLowerCase(Locale.ROOT);
        for (Cookie c : stored) {
            assertThat(host).isNotNull();
            if (c.hostOnly()) {
                assertThat(c.domain()).isEqualTo(host);
            } else {
                assertThat(host.equals(c.domain()) || host.endsWith("." + c.domain())).as(c.domain()).isTrue();
                assertThat(InternetDomainName.isValid(c.domain())).as(c.domain()).isTrue();
                assertThat(InternetDomainName.from(c.domain()).isPublicSuffix()).as(c.domain()).isFalse();
            }
            assertThat(c.path()).startsWith("/");
            assertThat(!c.secure() || "https".equalsIgnoreCase(uri.getScheme()) || host.endsWith("localhost")
                    || host.startsWith("127.") || host.equals("[::1]")).as("Secure only from https or loopback").isTrue();
            c.expiry().ifPresent(e -> assertThat(e).isAfter(NOW)
                    .isBeforeOrEqualTo(NOW.plus(CookieAdmission.MAX_LIFETIME)));
            assertThat(jar.cookieHeader(uri).orElse("")).doesNotContain("\r", "\n");
        }
    }
}
