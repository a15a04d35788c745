package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Proxy URLs as a stranger may type them: {@link ProxySpec#parse} returns a proxy that prints back to itself or
 * throws an {@link IllegalArgumentException} with a message, and the password shows in neither.
 */
class ProxySpecFuzzTest {

    /** Starts the password; the fuzzer cannot place it elsewhere by chance, so finding it in output is a leak. */
    private static final String SECRET = "Zq7secretPw";

    @FuzzTest(maxDuration = "20s")
    void parseReturnsAProxyOrSaysWhatIsWrong(FuzzedDataProvider data) {
        String schemeAndUser = data.consumeString(40);
        String password = SECRET + data.consumeString(20);
        String hostAndPath = data.consumeRemainingAsString();
        String url = schemeAndUser + ":" + password + "@" + hostAndPath;
        int sep = schemeAndUser.indexOf("://");
        // The parser reads a password from the first ':' after the scheme to the last '@'.
        boolean secretIsPassword = sep > 0 && schemeAndUser.indexOf(':', sep + 3) < 0
                && !schemeAndUser.contains(SECRET) && !hostAndPath.contains(SECRET) && hostAndPath.indexOf('@') < 0;
        ProxySpec spec;
        try {
            spec = ProxySpec.parse(url);
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).startsWith("proxy URL ");
            if (secretIsPassword) {
                assertThat(e.getMessage()).doesNotContain(SECRET);
            }
            return;
        }
        assertThat(spec.port()).isBetween(1, 65535);
        assertThat(spec.host()).isNotEmpty();
        if (secretIsPassword) {
            assertThat(spec.toString()).doesNotContain(SECRET);
        }
        ProxySpec reparsed = ProxySpec.parse(spec.scheme().text() + "://" + spec.endpoint());
        assertThat(reparsed.endpoint()).isEqualTo(spec.endpoint());
    }
}
