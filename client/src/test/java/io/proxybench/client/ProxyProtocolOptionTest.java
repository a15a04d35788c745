package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.proxy.ProxyProtocol;
import org.junit.jupiter.api.Test;

/** The HTTP/2-to-proxy options are checked when the client is built, with messages that name the fix. */
class ProxyProtocolOptionTest {

    @Test
    void h2NeedsAnHttpsProxy() {
        assertThatThrownBy(() -> ProxyClient.builder().proxy("socks5://u:secret@127.0.0.1:1080")
                .proxyProtocol(ProxyProtocol.H2_PREFERRED).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs an https:// proxy")
                .hasMessageNotContaining("secret");
    }

    @Test
    void streamsPerProxyConnectionMustBePositive() {
        assertThatThrownBy(() -> ProxyClient.builder().maxStreamsPerProxyConnection(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxStreamsPerProxyConnection 0 must be at least 1");
    }
}
