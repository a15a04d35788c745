package io.proxybench.client.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProxySpecTest {

    @ParameterizedTest
    @CsvSource({
        "http://127.0.0.1:3128, HTTP, 127.0.0.1, 3128",
        "HTTPS://gw.example:2001/, HTTPS, gw.example, 2001",
        "socks5://[::1]:1080, SOCKS5, ::1, 1080",
        "socks5h://localhost:1080, SOCKS5H, localhost, 1080",
    })
    void readsEveryScheme(String url, ProxyScheme scheme, String host, int port) {
        ProxySpec p = ProxySpec.parse(url);
        assertThat(p.scheme()).isEqualTo(scheme);
        assertThat(p.host()).isEqualTo(host);
        assertThat(p.port()).isEqualTo(port);
        assertThat(p.credentials()).isNull();
    }

    @Test
    void credentialsArePercentDecoded() {
        ProxySpec p = ProxySpec.parse("http://us%40er:p%3Ass%40w%25rd_session-abc@gw:8080");
        assertThat(p.credentials().user()).isEqualTo("us@er");
        assertThat(p.credentials().password()).isEqualTo("p:ss@w%rd_session-abc");
    }

    @Test
    void anUnencodedAtInThePasswordStillParsesOnTheLastAt() {
        ProxySpec p = ProxySpec.parse("http://user:p@ss@gw:8080");
        assertThat(p.credentials().password()).isEqualTo("p@ss");
        assertThat(p.host()).isEqualTo("gw");
    }

    @Test
    void aUrlWithoutAPortMeansCurlsDefaultForItsScheme() {
        assertThat(ProxySpec.parse("http://alice:hunter2@gw").port()).isEqualTo(1080);
        assertThat(ProxySpec.parse("https://gw").port()).isEqualTo(443);
        assertThat(ProxySpec.parse("socks5h://[::1]/").endpoint()).isEqualTo("[::1]:1080");
        assertThat(ProxySpec.parse("socks5://gw").port()).isEqualTo(1080);
    }

    @Test
    void utf8CredentialsSurviveTheRoundTrip() {
        assertThat(ProxySpec.parse("http://j%C3%BCrgen:gr%C3%BC%C3%9F@gw:1").credentials())
                .isEqualTo(new ProxyCredentials("jürgen", "grüß"));
    }

    @Test
    void toStringMasksThePassword() {
        ProxySpec p = ProxySpec.parse("socks5h://alice:hunter2@127.0.0.1:1080");
        assertThat(p.toString()).isEqualTo("socks5h://alice:****@127.0.0.1:1080");
        assertThat(p.credentials().toString()).doesNotContain("hunter2");
        assertThat(String.valueOf(p.withCredentials(new ProxyCredentials("bob", "other")))).doesNotContain("other");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "''|the proxy URL is empty",
        "127.0.0.1:3128|no scheme",
        "ftp://alice:hunter2@h:21|unknown scheme 'ftp'",
        "http://alice:hunter2@gw:|no port after ':'",
        "http://alice:hunter2@gw:99999|port 99999 is outside 1..65535",
        "http://alice:hunter2@gw:abc|port 'abc' is not a number",
        "http://alice:hun%zzter2@gw:1|bad percent-encoding in the password",
        "http://al%2ice:hunter2@gw:1|bad percent-encoding in the user",
        "http://:hunter2@gw:1|empty user before '@'",
        "http://alice:hunter2@:1|no host",
        "http://alice:hunter2@[::1:1|unclosed '['",
        "http://alice:hunter2%FF@gw:1|is not UTF-8",
    })
    void badUrlsNameThePartAndTheFormsButNeverThePassword(String url, String problem) {
        assertThatThrownBy(() -> ProxySpec.parse(url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem)
                .hasMessageContaining("use forms like http://user:pass@host:port")
                .hasMessageNotContaining("hunter2");
    }

    /** Found by {@link ProxySpecFuzzTest}: such a host was accepted and then printed as an unreadable endpoint. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://alice:hunter2@g]w]:1|host 'g]w]'",
        "http://alice:hunter2@::1:1|host '::1'",
        "http://alice:hunter2@[gw]:1|host 'gw'",
        "http://alice:hunter2@g w:1|host 'g w'",
    })
    void aHostThatIsNotANameOrAddressIsRefused(String url, String problem) {
        assertThatThrownBy(() -> ProxySpec.parse(url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(problem + " is not a host name, IPv4 address or [IPv6] address")
                .hasMessageNotContaining("hunter2");
    }
}
