package io.proxybench.client.internal.cookie;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.cookie.Cookie;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** RFC 6265 §5.3 and §5.4 with RFC 6265bis's additions: which cookies a jar keeps, and which it sends where. */
class RfcCookieJarTest {

    private static final Instant START = Instant.parse("2030-01-01T00:00:00Z");

    private final AtomicReference<Instant> now = new AtomicReference<>(START);
    private final RfcCookieJar jar = new RfcCookieJar(now::get);

    private void set(String url, String... setCookies) {
        jar.store(URI.create(url), List.of(setCookies));
    }

    private String sent(String url) {
        return jar.cookieHeader(URI.create(url)).orElse("");
    }

    @Test
    void aHostOnlyCookieGoesToItsHostAloneAndToAnyPort() {
        set("http://www.example.com/", "a=1");

        assertThat(sent("http://www.example.com:8080/")).isEqualTo("a=1");
        assertThat(sent("http://sub.www.example.com/")).isEmpty();
        assertThat(sent("http://example.com/")).isEmpty();
        assertThat(jar.cookies()).singleElement().satisfies(c -> {
            assertThat(c.hostOnly()).isTrue();
            assertThat(c.domain()).isEqualTo("www.example.com");
        });
    }

    @Test
    void aDomainCookieGoesToTheDomainAndItsSubdomains() {
        set("http://www.example.com/", "a=1; Domain=.Example.com");

        assertThat(sent("http://example.com/")).isEqualTo("a=1");
        assertThat(sent("http://deep.sub.example.com/")).isEqualTo("a=1");
        assertThat(sent("http://badexample.com/")).isEmpty();
        assertThat(sent("http://example.org/")).isEmpty();
        assertThat(jar.cookies()).singleElement().satisfies(c -> {
            assertThat(c.hostOnly()).isFalse();
            assertThat(c.domain()).isEqualTo("example.com");
        });
    }

    @Test
    void aDomainTheHostDoesNotDomainMatchIsRefused() {
        set("http://www.example.com/", "a=1; Domain=other.com", "b=2; Domain=sub.www.example.com",
                "c=3; Domain=ww.example.com");

        assertThat(jar.cookies()).isEmpty();
        assertThat(jar.unparseableCount()).as("refused, not unparseable").isZero();
    }

    @Test
    void aPublicSuffixIsRefusedAsDomain() {
        set("http://www.example.co.uk/", "a=1; Domain=co.uk", "b=2; Domain=uk");
        set("http://alice.github.io/", "c=3; Domain=github.io");

        assertThat(jar.cookies()).isEmpty();
    }

    @Test
    void aPublicSuffixThatIsTheHostGivesAHostOnlyCookie() {
        set("http://github.io/", "a=1; Domain=github.io");

        assertThat(sent("http://github.io/")).isEqualTo("a=1");
        assertThat(sent("http://alice.github.io/")).isEmpty();
    }

    @Test
    void anIpAddressHostGetsHostOnlyCookiesOnly() {
        set("http://127.0.0.1:8080/", "a=1; Domain=127.0.0.1", "b=2", "c=3; Domain=0.0.1", "d=4; Domain=1");
        set("http://[::1]/", "e=5; Domain=[::1]");

        assertThat(sent("http://127.0.0.1/")).isEqualTo("a=1; b=2");
        assertThat(sent("http://[::1]/")).isEqualTo("e=5");
        assertThat(jar.cookies()).allSatisfy(c -> assertThat(c.hostOnly()).isTrue());
    }

    @Test
    void aCookieGoesToItsPathAndBelowIt() {
        set("http://example.com/", "a=1; Path=/docs", "b=2; Path=/docs/");

        assertThat(sent("http://example.com/docs")).isEqualTo("a=1");
        assertThat(sent("http://example.com/docs/web/page")).isEqualTo("b=2; a=1");
        assertThat(sent("http://example.com/docsets")).isEmpty();
        assertThat(sent("http://example.com/")).isEmpty();
        assertThat(sent("http://example.com/Docs")).as("paths are case-sensitive").isEmpty();
    }

    @Test
    void withoutPathACookieGetsTheRequestsDirectory() {
        set("http://example.com/a/b/page?q=1", "dir=1");
        set("http://example.com/top", "root=1");

        assertThat(jar.cookies()).extracting(Cookie::path).containsExactly("/a/b", "/");
        assertThat(sent("http://example.com/a/b/other")).isEqualTo("dir=1; root=1");
        assertThat(sent("http://example.com/a/other")).isEqualTo("root=1");
    }

    @Test
    void aPathAUriHoldsButHttpDoesNotIsPercentEncoded() throws Exception {
        URI unicode = new URI("http", "example.com", "/caf\u00e9/menu", null);
        jar.store(unicode, List.of("a=1"));

        assertThat(jar.cookies()).extracting(Cookie::path).containsExactly("/caf%C3%A9");
        assertThat(jar.cookieHeader(unicode)).hasValue("a=1");
        assertThat(sent("http://example.com/caf%C3%A9/other")).isEqualTo("a=1");
    }

    @Test
    void aDefaultPathMayHoldASemicolon() {
        set("http://example.com/a;v=1/page", "a=1");

        assertThat(jar.cookies()).extracting(Cookie::path).containsExactly("/a;v=1");
    }

    @Test
    void aSecureCookieGoesOverHttpsOnly() {
        set("https://example.com/", "s=1; Secure", "p=2");

        assertThat(sent("https://example.com/")).isEqualTo("s=1; p=2");
        assertThat(sent("http://example.com/")).isEqualTo("p=2");
    }

    @Test
    void aSecureCookieCannotBeSetOverHttp() {
        set("http://example.com/", "s=1; Secure");

        assertThat(jar.cookies()).isEmpty();
    }

    @Test
    void plainHttpToThisMachineCountsAsSecureAsInBrowsersAndCurl() {
        set("http://127.0.0.1:8080/", "a=1; Secure");
        set("http://localhost/", "b=2; Secure");
        set("http://app.localhost/", "c=3; Secure");
        set("http://[::1]/", "d=4; Secure");
        set("http://127.example.com/", "e=5; Secure");

        assertThat(sent("http://127.0.0.1/")).isEqualTo("a=1");
        assertThat(sent("http://localhost/")).isEqualTo("b=2");
        assertThat(sent("http://app.localhost/")).isEqualTo("c=3");
        assertThat(sent("http://[::1]/")).isEqualTo("d=4");
        assertThat(jar.cookies()).hasSize(4);
    }

    @Test
    void httpCannotShadowASecureCookie() {
        set("https://www.example.com/", "id=secure; Secure; Domain=example.com");
        set("http://www.example.com/", "id=plain", "id=plain; Domain=example.com", "other=1");
        set("http://www.example.com/", "id=elsewhere; Path=/foo");

        assertThat(sent("https://www.example.com/")).isEqualTo("id=secure; other=1");
        assertThat(jar.cookies()).extracting(Cookie::value).containsExactly("secure", "1");
    }

    @Test
    void maxAgeSetsTheExpiryAndWinsOverExpires() {
        set("http://example.com/", "a=1; Max-Age=60; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
                "b=2; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=60");

        assertThat(jar.cookies()).extracting(c -> c.expiry().orElseThrow())
                .containsExactly(START.plusSeconds(60), START.plusSeconds(60));
        now.set(START.plusSeconds(59));
        assertThat(sent("http://example.com/")).isEqualTo("a=1; b=2");
        now.set(START.plusSeconds(60));
        assertThat(sent("http://example.com/")).isEmpty();
        assertThat(jar.cookies()).isEmpty();
    }

    @Test
    void expiresSetsTheExpiryAndWithoutEitherACookieLastsTheSession() {
        set("http://example.com/", "a=1; Expires=Tue, 01 Jan 2030 01:00:00 GMT", "s=2");

        assertThat(jar.cookies()).extracting(Cookie::expiry)
                .containsExactly(Optional.of(Instant.parse("2030-01-01T01:00:00Z")), Optional.empty());
        now.set(START.plus(Duration.ofDays(3650)));
        assertThat(sent("http://example.com/")).isEqualTo("s=2");
    }

    @Test
    void anExpiryFurtherThan400DaysIsCapped() {
        set("http://example.com/", "a=1; Max-Age=999999999", "b=2; Expires=Fri, 31 Dec 9999 23:59:59 GMT");

        assertThat(jar.cookies()).extracting(c -> c.expiry().orElseThrow())
                .containsOnly(START.plus(Duration.ofDays(400)));
    }

    @Test
    void aPastExpiryOrZeroMaxAgeDeletesTheCookie() {
        set("http://example.com/", "a=1", "b=2", "c=3");
        set("http://example.com/", "a=gone; Max-Age=0", "b=gone; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
                "c=gone; Max-Age=-1");

        assertThat(jar.cookies()).isEmpty();
    }

    @Test
    void aCookieOfTheSameNameDomainAndPathIsReplacedAndKeepsItsPlace() {
        set("http://example.com/", "first=1", "second=2");
        set("http://example.com/", "first=updated");

        assertThat(sent("http://example.com/")).isEqualTo("first=updated; second=2");
        set("http://example.com/", "first=other-path; Path=/x");
        assertThat(jar.cookies()).hasSize(3);
    }

    @Test
    void longerPathsGoFirstThenOlderCookies() {
        set("http://example.com/", "z=1; Path=/", "y=2; Path=/a/b", "x=3; Path=/a", "w=4; Path=/a");

        assertThat(sent("http://example.com/a/b/c")).isEqualTo("y=2; x=3; w=4; z=1");
    }

    @Test
    void theSecurePrefixNeedsSecure() {
        set("https://example.com/", "__Secure-a=1", "__Secure-b=2; Secure", "__SECURE-c=3");

        assertThat(sent("https://example.com/")).isEqualTo("__Secure-b=2");
    }

    @Test
    void theHostPrefixNeedsSecureNoDomainAndTheRootPath() {
        set("https://www.example.com/app/", "__Host-a=1; Secure; Path=/", "__Host-b=2; Secure",
                "__Host-c=3; Secure; Path=/; Domain=www.example.com", "__Host-d=4; Path=/",
                "__host-e=5; Secure; Path=/; Domain=example.com");

        assertThat(sent("https://www.example.com/app/")).isEqualTo("__Host-a=1");
    }

    @Test
    void httpOnlyAndSameSiteAreKeptAndHttpOnlyCookiesAreSent() {
        set("http://example.com/", "a=1; HttpOnly; SameSite=Strict");

        assertThat(jar.cookies()).singleElement().satisfies(c -> {
            assertThat(c.httpOnly()).isTrue();
            assertThat(c.sameSite()).hasValue("Strict");
        });
        assertThat(sent("http://example.com/")).isEqualTo("a=1");
    }

    @Test
    void unparseableValuesAreIgnoredAndCounted() {
        set("http://example.com/", "novalue", "=x", "ok=1", "");

        assertThat(sent("http://example.com/")).isEqualTo("ok=1");
        assertThat(jar.unparseableCount()).isEqualTo(3);
    }

    @Test
    void aUriWithoutHostGetsAndSetsNothing() {
        set("file:///tmp/x", "a=1");

        assertThat(jar.cookies()).isEmpty();
        assertThat(jar.cookiesFor(URI.create("file:///tmp/x"))).isEmpty();
    }
}
