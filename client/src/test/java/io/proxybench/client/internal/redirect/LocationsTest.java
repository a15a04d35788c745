package io.proxybench.client.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.internal.redirect.RedirectException.Problem;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LocationsTest {

    /** RFC 3986 §5.4's base, with http for its scheme. */
    private static final URI RFC_BASE = URI.create("http://a/b/c/d;p?q");

    private static String resolve(String base, String location) throws RedirectException {
        return Locations.resolve(URI.create(base), location).toString();
    }

    /** A header value as the response parser decodes it: the UTF-8 bytes of {@code text}, one char each. */
    private static String wire(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "g            | http://a/b/c/g",
        "./g          | http://a/b/c/g",
        "g/           | http://a/b/c/g/",
        "/g           | http://a/g",
        "//g          | http://g/",
        "?y           | http://a/b/c/d;p?y",
        "g?y          | http://a/b/c/g?y",
        "#s           | http://a/b/c/d;p?q#s",
        "g#s          | http://a/b/c/g#s",
        "g?y#s        | http://a/b/c/g?y#s",
        ";x           | http://a/b/c/;x",
        "g;x          | http://a/b/c/g;x",
        "g;x?y#s      | http://a/b/c/g;x?y#s",
        ".            | http://a/b/c/",
        "./           | http://a/b/c/",
        "..           | http://a/b/",
        "../          | http://a/b/",
        "../g         | http://a/b/g",
        "../..        | http://a/",
        "../../       | http://a/",
        "../../g      | http://a/g",
        "../../../g   | http://a/g",
        "../../../../g| http://a/g",
        "/./g         | http://a/g",
        "/../g        | http://a/g",
        "g.           | http://a/b/c/g.",
        ".g           | http://a/b/c/.g",
        "g..          | http://a/b/c/g..",
        "..g          | http://a/b/c/..g",
        "./../g       | http://a/b/g",
        "./g/.        | http://a/b/c/g/",
        "g/./h        | http://a/b/c/g/h",
        "g/../h       | http://a/b/c/h",
        "g;x=1/./y    | http://a/b/c/g;x=1/y",
        "g;x=1/../y   | http://a/b/c/y",
        "g?y/./x      | http://a/b/c/g?y/./x",
        "g?y/../x     | http://a/b/c/g?y/../x",
        "g#s/./x      | http://a/b/c/g#s/./x",
        "g#s/../x     | http://a/b/c/g#s/../x",
        "https://x/../y?z | https://x/y?z",
    })
    void theExamplesOfRfc3986Resolve(String location, String expected) throws RedirectException {
        assertThat(Locations.resolve(RFC_BASE, location)).hasToString(expected);
    }

    @Test
    void anAbsoluteLocationIsTakenAsItIsWithItsSchemeInLowerCaseAndAnEmptyPathAsSlash() throws RedirectException {
        assertThat(resolve("http://a/x", "https://b.example:8443/p?q=1")).isEqualTo("https://b.example:8443/p?q=1");
        assertThat(resolve("http://a/x", "HTTPS://B.example")).isEqualTo("https://B.example/");
        assertThat(resolve("https://a/x", "//b/p")).as("scheme-relative").isEqualTo("https://b/p");
        assertThat(resolve("http://a:8080/x/y", "/p")).as("the port stays").isEqualTo("http://a:8080/p");
        assertThat(resolve("http://[::1]:8080/x", "y")).isEqualTo("http://[::1]:8080/y");
        assertThat(resolve("http://a/x", "http://[::1]:9/p")).isEqualTo("http://[::1]:9/p");
        assertThat(resolve("http://a", "p")).as("a base without a path").isEqualTo("http://a/p");
        assertThat(resolve("http://a/x", "http://b:/p")).as("an empty port is the default").isEqualTo("http://b:/p");
    }

    @Test
    void aLocationWithoutAFragmentKeepsTheOriginalsAndOneWithAFragmentHasItsOwn() throws RedirectException {
        assertThat(resolve("http://a/x#top", "/y")).isEqualTo("http://a/y#top");
        assertThat(resolve("http://a/x#top", "https://b/y")).isEqualTo("https://b/y#top");
        assertThat(resolve("http://a/x#top", "/y#end")).isEqualTo("http://a/y#end");
        assertThat(resolve("http://a/x", "/y#")).as("an empty fragment is one").isEqualTo("http://a/y#");
    }

    @Test
    void userInfoIsDroppedFromTheLocationAndFromTheBase() throws RedirectException {
        assertThat(resolve("http://a/x", "http://user:secret@b/p")).isEqualTo("http://b/p");
        assertThat(resolve("http://user:secret@a/x", "/p")).isEqualTo("http://a/p");
        assertThat(resolve("http://a/x", "//u@b:81/p")).isEqualTo("http://b:81/p");
    }

    @Test
    void spacesAndBytesOutsideAsciiArePercentEncodedAsTheyCameSoUtf8StaysUtf8() throws RedirectException {
        assertThat(resolve("http://a/x", "/a b/c d?q=e f#g h")).isEqualTo("http://a/a%20b/c%20d?q=e%20f#g%20h");
        assertThat(resolve("http://a/x", wire("/café?ü=ß"))).isEqualTo("http://a/caf%C3%A9?%C3%BC=%C3%9F");
        assertThat(resolve("http://a/x", wire("/日本"))).isEqualTo("http://a/%E6%97%A5%E6%9C%AC");
        assertThat(resolve("http://a/x", "/caf\u00E9")).as("a Latin-1 byte is sent as that byte, as curl does")
                .isEqualTo("http://a/caf%E9");
    }

    @Test
    void charactersUriRefusesAreEncodedAndValidEscapesKept() throws RedirectException {
        assertThat(resolve("http://a/x", "/a|b^c`d{e}f\"g<h>i")).isEqualTo("http://a/a%7Cb%5Ec%60d%7Be%7Df%22g%3Ch%3Ei");
        assertThat(resolve("http://a/x", "/[x]?y=[1]")).isEqualTo("http://a/%5Bx%5D?y=%5B1%5D");
        assertThat(resolve("http://a/x", "/100%?p=%zz&q=%4")).isEqualTo("http://a/100%25?p=%25zz&q=%254");
        assertThat(resolve("http://a/x", "/a%20b%2Fc")).as("escapes stay as they are").isEqualTo("http://a/a%20b%2Fc");
        assertThat(resolve("http://a/x", "/p#a#b")).isEqualTo("http://a/p#a%23b");
    }

    @Test
    void aBackslashBeforeTheQueryIsASlashAsBrowsersReadItAndEncodedAfter() throws RedirectException {
        assertThat(resolve("http://a/x", "/p\\q?r\\s#t\\u")).isEqualTo("http://a/p/q?r%5Cs#t%5Cu");
        assertThat(resolve("http://a/x", "\\\\b\\p")).as("scheme-relative").isEqualTo("http://b/p");
        assertThat(resolve("http://a/x", "https:\\\\b\\p")).isEqualTo("https://b/p");
    }

    @Test
    void spacesAndTabsAroundTheLocationAreTrimmed() throws RedirectException {
        assertThat(resolve("http://a/x", " \t /y \t ")).isEqualTo("http://a/y");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "ftp://a/f                    | has scheme 'ftp': the client follows http and https only",
        "javascript:alert(1)          | has scheme 'javascript'",
        "mailto:x@y                   | has scheme 'mailto'",
        "http:p                       | has no host: http: must be followed by //host",
        "http:/p                      | has no host",
        "http://                      | has no host",
        "https:///p                   | has no host",
        "///p                         | has no host",
        "//?q                         | has no host",
        "http://user@/p               | has no host",
        "http://a:0/                  | has port 0, out of range (1 to 65535)",
        "http://a:65536/              | has port 65536, out of range (1 to 65535)",
        "http://a:99999999999/        | has port 99999999999, out of range (1 to 65535)",
        "http://a:8o/                 | has port '8o', which is not a number",
        "http://a_b.example/          | has host 'a_b.example', which is not a host name",
        "http://ex ample.com/         | has host 'ex%20ample.com', which is not a host name",
        "http://[zz]/                 | is not a URL even with its spaces and other bytes encoded (Malformed IPv6",
    })
    void aLocationTheClientCannotRequestIsRefusedSayingWhy(String location, String what) {
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, location))
                .isInstanceOfSatisfying(RedirectException.class,
                        e -> assertThat(e.problem()).isEqualTo(Problem.BAD_LOCATION))
                .hasMessageStartingWith("Location " + Locations.quote(location) + " ")
                .hasMessageContaining(what);
    }

    @Test
    void aLongLocationOfEscapedBytesIsQuotedShort() {
        String location = "//]" + "\u00FF".repeat(300) + "/";
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, location))
                .isInstanceOf(RedirectException.class)
                .hasMessageContaining("(cut, 304 characters)")
                .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(600));
    }

    @Test
    void anEmptyLocationIsRefused() {
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "")).hasMessage("Location '' is empty");
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, " \t ")).hasMessage("Location ' \\t ' is empty");
    }

    @Test
    void aControlCharacterIsRefusedAndShownEscaped() {
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "/a\r\nSet-Cookie: x=1"))
                .isInstanceOf(RedirectException.class)
                .hasMessage("Location '/a\\r\\nSet-Cookie: x=1' holds control character \\r: a Location is one line of"
                        + " printable characters");
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "/a\u0000b"))
                .hasMessageContaining("'/a\\u0000b' holds control character \\u0000");
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "/a\tb")).hasMessageContaining("control character \\t");
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "/a\u007Fb")).hasMessageContaining("\\u007F");
    }

    @Test
    void aCharNoFieldByteDecodesToIsRefused() {
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, "/\u4E2D"))
                .isInstanceOf(RedirectException.class)
                .hasMessageContaining("'/\\u4E2D' holds U+4E2D, which no field byte decodes to");
    }

    @Test
    void aLongLocationIsQuotedCutAt200Characters() {
        String location = "ftp://a/" + "x".repeat(500);
        assertThatThrownBy(() -> Locations.resolve(RFC_BASE, location))
                .hasMessage("Location '" + location.substring(0, 200) + "' (cut, 508 characters) has scheme 'ftp':"
                        + " the client follows http and https only");
    }

    @Test
    void aBaseThatIsNotAnAbsoluteUrlWithAHostIsTheCallersMistake() {
        assertThatThrownBy(() -> Locations.resolve(URI.create("/relative"), "/x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("base /relative is not an absolute URL with a host");
    }

    @Test
    void dotSegmentsGoAsRfc3986Says() {
        assertThat(Locations.removeDotSegments("/a/b/c/./../../g")).isEqualTo("/a/g");
        assertThat(Locations.removeDotSegments("/a//b/../c")).isEqualTo("/a//c");
        assertThat(Locations.removeDotSegments("/..")).isEqualTo("/");
        assertThat(Locations.removeDotSegments("/a/..")).isEqualTo("/");
        assertThat(Locations.removeDotSegments("/a/.")).isEqualTo("/a/");
        assertThat(Locations.removeDotSegments("/")).isEqualTo("/");
        assertThat(Locations.removeDotSegments("")).isEqualTo("");
    }
}
