package io.proxybench.client.internal.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The proxy's TLS settings are part of the pool key and of the gateway connection's key: connections made with
 * different proxy TLS are never shared, and without settings of its own the proxy uses the origin's.
 */
class ProxyTlsRouteTest {

    private static final Origin ORIGIN = Origin.of(URI.create("https://example.com/"));
    private static final ProxySpec PROXY = ProxySpec.parse("https://user:pw@gw.example:8443");
    private static final TlsSettings CORPORATE = TlsSettings.caFile(Path.of("/etc/corp/ca.pem"));

    @Test
    void routesWithDifferentProxyTlsAreDifferentKeys() {
        Route corporate = Route.of(ORIGIN, PROXY, TlsSettings.system(), CORPORATE, false);
        Route system = Route.of(ORIGIN, PROXY, TlsSettings.system(), TlsSettings.system(), false);

        assertThat(corporate).isNotEqualTo(system);
        assertThat(corporate.proxyTls()).isEqualTo(CORPORATE);
        assertThat(corporate.tls()).isEqualTo(TlsSettings.system());
        assertThat(GatewayConnections.Key.of(corporate)).isNotEqualTo(GatewayConnections.Key.of(system));
        assertThat(GatewayConnections.Key.of(corporate).tls()).isEqualTo(CORPORATE);
    }

    @Test
    void withoutProxyTlsOfItsOwnTheProxyUsesTheOrigins() {
        Route route = Route.of(ORIGIN, PROXY, CORPORATE, false);

        assertThat(route.proxyTls()).isEqualTo(CORPORATE);
        assertThat(route).isEqualTo(Route.of(ORIGIN, PROXY, CORPORATE, CORPORATE, false));
        assertThat(route.withKeepAlive(null).proxyTls()).isEqualTo(CORPORATE);
    }
}
