package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.testing.CountingPeer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A proxy that hangs up as soon as it accepts: every call fails at once in the phase after TCP, as the proxy's close,
 * never by waiting for a timeout. The close can come while the client is still taking the new connection in, before
 * its tunnel handler has written a byte.
 */
class ProxyHangsUpAtOnceTest {

    /** Far below every setup timeout of the client's defaults (10 s and more), far above a loopback setup. */
    private static final long PATIENCE_SECONDS = 5;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"http, connect_", "socks5h, socks_", "https, proxy_tls_"})
    void eachCallFailsAtOnceAsTheProxysClose(String scheme, String labelStart) throws Exception {
        try (CountingPeer proxy = new CountingPeer((c, i) -> c.hangUp());
                ProxyClient client = ProxyClient.builder().proxy(scheme + "://127.0.0.1:" + proxy.port())
                        .tls(TlsSettings.insecure()).proxyTls(TlsSettings.insecure()).build()) {
            for (int i = 0; i < 50; i++) {
                try {
                    client.send(ProxyRequest.get("https://origin.test/")).get(PATIENCE_SECONDS, TimeUnit.SECONDS);
                    throw new AssertionError("call " + i + " succeeded through a proxy that hangs up");
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(CallException.class);
                    assertThat(((CallException) e.getCause()).label()).as("call " + i).startsWith(labelStart);
                }
            }
        }
    }
}
