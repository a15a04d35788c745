package io.proxybench.client.internal.cookie;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 6265 §5.2 as browsers apply it: what a {@code Set-Cookie} value parses to, and what does not parse. */
class SetCookieTest {

    @Test
    void nameValueAndEveryAttribute() {
        SetCookie c = SetCookie.parse("SID=31d4d96e407aad42; Path=/app; Domain=example.com; Secure; HttpOnly;"
                + " Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=60; SameSite=Lax");

        assertThat(c).isEqualTo(new SetCookie("SID", "31d4d96e407aad42", Instant.parse("2015-10-21T07:28:00Z"), 60L,
                "example.com", "/app", true, true, "Lax"));
    }

    @Test
    void attributeNamesAreCaseInsensitiveAndSpacesAroundAreDropped() {
        SetCookie c = SetCookie.parse("  a = b c ;  pAtH = /x ; DOMAIN=Example.COM ;sEcUrE;HTTPONLY; max-AGE = 5");

        assertThat(c).isEqualTo(new SetCookie("a", "b c", null, 5L, "example.com", "/x", true, true, null));
    }

    @Test
    void quotesArePartOfTheValue() {
        assertThat(SetCookie.parse("a=\"quoted value\"").value()).isEqualTo("\"quoted value\"");
    }

    @Test
    void aLeadingDotOfTheDomainIsDroppedAndAnEmptyDomainIgnored() {
        assertThat(SetCookie.parse("a=1; Domain=.example.com").domain()).isEqualTo("example.com");
        assertThat(SetCookie.parse("a=1; Domain=").domain()).isNull();
        assertThat(SetCookie.parse("a=1; Domain=.").domain()).isNull();
        assertThat(SetCookie.parse("a=1; Domain=example.com; Domain=").domain()).as("an empty one is ignored")
                .isEqualTo("example.com");
    }

    @Test
    void theLastOfAnAttributeWins() {
        SetCookie c = SetCookie.parse("a=1; Path=/one; Path=/two; Domain=one.com; Domain=two.com; Max-Age=1;"
                + " Max-Age=2");

        assertThat(c.path()).isEqualTo("/two");
        assertThat(c.domain()).isEqualTo("two.com");
        assertThat(c.maxAgeSeconds()).isEqualTo(2L);
    }

    @Test
    void aPathNotStartingWithSlashMeansTheDefaultPath() {
        assertThat(SetCookie.parse("a=1; Path=relative").path()).isNull();
        assertThat(SetCookie.parse("a=1; Path=").path()).isNull();
        assertThat(SetCookie.parse("a=1; Path=/set; Path=bad").path()).as("the last Path attribute decides")
                .isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT",
            "Wed Oct 21 07:28:00 2015", "21 Oct 2015 07:28:00", "Wed, 21-Oct-2015 07:28:00 UTC"})
    void expiresInTheFormatsOfRfc6265Section511(String date) {
        assertThat(SetCookie.parse("a=1; Expires=" + date).expires()).isEqualTo(Instant.parse("2015-10-21T07:28:00Z"));
    }

    @Test
    void anExpiresThatDoesNotParseIsIgnored() {
        assertThat(SetCookie.parse("a=1; Expires=tomorrow").expires()).isNull();
        assertThat(SetCookie.parse("a=1; Expires=Wed, 21 Oct 1600 07:28:00 GMT").expires()).as("before 1601").isNull();
        assertThat(SetCookie.parse("a=1; Expires=Wed, 21 Oct 2035 07:28:00 " + "4".repeat(60) + "GMT").expires())
                .as("longer than Netty reads").isNull();
    }

    @Test
    void maxAgeIsDigitsWithAnOptionalMinus() {
        assertThat(SetCookie.parse("a=1; Max-Age=0").maxAgeSeconds()).isZero();
        assertThat(SetCookie.parse("a=1; Max-Age=-20").maxAgeSeconds()).as("at or below 0 reads as 0").isZero();
        assertThat(SetCookie.parse("a=1; Max-Age=99999999999999999999").maxAgeSeconds()).isEqualTo(Long.MAX_VALUE);
        assertThat(SetCookie.parse("a=1; Max-Age=+5").maxAgeSeconds()).isNull();
        assertThat(SetCookie.parse("a=1; Max-Age=5s").maxAgeSeconds()).isNull();
        assertThat(SetCookie.parse("a=1; Max-Age=-").maxAgeSeconds()).isNull();
        assertThat(SetCookie.parse("a=1; Max-Age=7; Max-Age=x").maxAgeSeconds()).as("an ignored one changes nothing")
                .isEqualTo(7L);
    }

    @Test
    void unknownAttributesAreIgnored() {
        assertThat(SetCookie.parse("a=1; Partitioned; Priority=High; Comment=x"))
                .isEqualTo(new SetCookie("a", "1", null, null, null, null, false, false, null));
    }

    @Test
    void anAttributeValueOverTheLimitIsIgnored() {
        String longest = "/" + "p".repeat(SetCookie.MAX_ATTRIBUTE_CHARS - 1);

        assertThat(SetCookie.parse("a=1; Path=" + longest).path()).isEqualTo(longest);
        assertThat(SetCookie.parse("a=1; Path=" + longest + "p").path()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "novalue", "=value", " =value", "a\u0001b=1", "a=1\u0000", "a=b\tc", "a=\u20ac",
            "a\u007f=1"})
    void valuesThatDoNotParse(String header) {
        assertThat(SetCookie.parse(header)).isNull();
    }

    @Test
    void aNameAndValueOverTheLimitDoNotParse() {
        String value = "v".repeat(SetCookie.MAX_NAME_VALUE_CHARS - 1);

        assertThat(SetCookie.parse("a=" + value)).isNotNull();
        assertThat(SetCookie.parse("ab=" + value)).isNull();
    }

    @Test
    void anEmptyValueParses() {
        assertThat(SetCookie.parse("a=; Path=/").value()).isEmpty();
    }
}
