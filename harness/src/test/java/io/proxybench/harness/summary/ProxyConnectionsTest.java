package io.proxybench.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Stats;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.records.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxyConnectionsTest {

    private static long tunnels;

    /** A success on a tunnel of its own, a stream of gateway connection {@code gateway} (0: none; null: direct). */
    private static RequestRecord on(Long gateway) {
        return RequestRecord.builder(0, 0.1).status(200).conn(++tunnels).gatewayConnectionId(gateway).build();
    }

    @Test
    void theRunsShareOfTheClientsCountersAndTheConnectionsItsRecordsName() {
        ProxyConnections p = ProxyConnections.of(new GatewayStats(1, 1, 1, 5_000, 20, 0),
                new GatewayStats(3, 1, 2, 90_000, 220, 0),
                Stats.of(List.of(on(1L), on(2L), on(3L), on(3L), on(0L), on(null))));

        assertThat(p).isEqualTo(new ProxyConnections(3, 4.0 / 3, 2, 1, 2, 200, 0));
        assertThat(p.fallbackWarning()).isNull();
        assertThat(p.line()).isEqualTo("HTTP/2 to the proxy: tunnels rode 3 gateway connections (1.3 per"
                + " connection); 1 opened before the run, 2 during it, at most 2 open at once; 0 tunnels fell back to"
                + " HTTP/1.1");
    }

    @Test
    void aConnectionTheWarmUpOpenedIsSaidToBeOneAndNotNone() {
        ProxyConnections p = ProxyConnections.of(new GatewayStats(1, 1, 1, 5_000, 20, 0),
                new GatewayStats(1, 1, 1, 9_000, 170, 0), Stats.of(List.of(on(1L), on(1L))));

        assertThat(p.line()).startsWith("HTTP/2 to the proxy: tunnels rode 1 gateway connection (2.0 per connection);"
                + " 1 opened before the run, 0 during it");
    }

    @Test
    void aFallbackIsSaidWithHowManyTunnelsItTook() {
        ProxyConnections all = ProxyConnections.of(new GatewayStats(0, 0, 0, 0, 0, 0),
                new GatewayStats(0, 0, 0, 0, 0, 50), Stats.of(List.of()));
        ProxyConnections some = new ProxyConnections(1, 30.0, 1, 0, 1, 30, 10);

        assertThat(all.tunnelsPerGatewayConnection()).isNull();
        assertThat(all.line()).contains("no tunnel rode a gateway connection").endsWith("50 tunnels fell back to"
                + " HTTP/1.1");
        assertThat(all.fallbackWarning()).isEqualTo("HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own"
                + " connection (all 50 tunnels went over HTTP/1.1, one TCP and TLS handshake with the proxy each)");
        assertThat(some.fallbackWarning()).contains("(10 of 40 tunnels went over HTTP/1.1");
    }
}
