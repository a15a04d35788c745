package io.proxybench.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Stats;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.records.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProxyConnectionsTest {

    private static RequestRecord on(Long gateway) {
        return RequestRecord.builder(0, 0.1).status(200).gatewayConnectionId(gateway).build();
    }

    @Test
    void theRunsShareOfTheClientsCountersAndTheConnectionsItsRecordsName() {
        ProxyConnections p = ProxyConnections.of(new GatewayStats(1, 1, 1, 5_000, 20, 0),
                new GatewayStats(3, 1, 2, 90_000, 220, 0),
                Stats.of(List.of(on(1L), on(2L), on(3L), on(3L), on(0L), on(null))));

        assertThat(p).isEqualTo(new ProxyConnections(2, 2, 200, 0, 100.0, 3));
        assertThat(p.fallbackWarning()).isNull();
        assertThat(p.line()).isEqualTo("proxy connections (HTTP/2 asked): 2 gateway connections opened (at most 2"
                + " open at once), 200 tunnels as streams on them (100.0 per connection), 0 fallback tunnels over"
                + " HTTP/1.1; records name 3 gateway connections");
    }

    @Test
    void aFallbackIsSaidWithHowManyTunnelsItTook() {
        ProxyConnections all = ProxyConnections.of(new GatewayStats(0, 0, 0, 0, 0, 0),
                new GatewayStats(0, 0, 0, 0, 0, 50), Stats.of(List.of()));
        ProxyConnections some = new ProxyConnections(1, 1, 30, 10, 30.0, 1);

        assertThat(all.tunnelsPerGatewayConnection()).isNull();
        assertThat(all.fallbackWarning()).isEqualTo("HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own"
                + " connection (all 50 tunnels went over HTTP/1.1, one TCP and TLS handshake with the proxy each)");
        assertThat(some.fallbackWarning()).contains("(10 of 40 tunnels went over HTTP/1.1");
    }
}
