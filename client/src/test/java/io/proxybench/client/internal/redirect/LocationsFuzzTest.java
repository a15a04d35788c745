package io.proxybench.client.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.proxybench.client.internal.redirect.RedirectException.Problem;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Locations as servers may send them: {@link Locations#resolve} returns an absolute http(s) URL a request can use,
 * or throws a {@link RedirectException} whose message quotes the Location, and nothing else.
 */
class LocationsFuzzTest {

    private static final List<URI> BASES = List.of(URI.create("http://a/b/c/d;p?q"),
            URI.create("https://example.com"), URI.create("http://127.0.0.1:8080/dir/file?x=1#frag"),
            URI.create("https://[::1]:8443/a/b/"), URI.create("http://user:pw@h.example/x"));

    /**
     * The first byte picks the base (its low bits) and how to read the rest (its high bit): clear, as the response
     * parser gives a field, one char per byte; set, as UTF-8 text, so that chars above U+00FF come too.
     */
    @FuzzTest(maxDuration = "20s")
    void aLocationResolvesToARequestableUrlOrSaysWhatIsWrong(byte[] data) throws RedirectException {
        if (data.length == 0) {
            return;
        }
        URI base = BASES.get((data[0] & 0x7F) % BASES.size());
        byte[] rest = Arrays.copyOfRange(data, 1, data.length);
        String location = new String(rest, data[0] < 0 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
        URI to;
        try {
            to = Locations.resolve(base, location);
        } catch (RedirectException e) {
            assertThat(e.problem()).isEqualTo(Problem.BAD_LOCATION);
            assertThat(e.getMessage()).startsWith("Location '").hasSizeLessThan(1000)
                    .doesNotContainPattern("[\\x00-\\x1F\\x7F]");
            return;
        }
        assertThat(to.getScheme()).isIn("http", "https");
        assertThat(to.isOpaque()).isFalse();
        assertThat(to.getHost()).isNotEmpty();
        assertThat(to.getPort()).satisfiesAnyOf(p -> assertThat(p).isEqualTo(-1),
                p -> assertThat(p).isBetween(1, 65535));
        assertThat(to.getRawUserInfo()).isNull();
        assertThat(to.getRawPath()).startsWith("/").doesNotContain("/./", "/../").doesNotEndWith("/.")
                .doesNotEndWith("/..");
        assertThat(to.toString()).matches("[\\x21-\\x7E]+");
        assertThat(URI.create(to.toString())).as("parses back").isEqualTo(to);
        assertThat(Locations.resolve(base, to.toString())).as("an absolute URL leads to itself").isEqualTo(to);
    }
}
