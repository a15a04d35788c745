package io.proxybench.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatewayUseTest {

    private static RequestRecord on(long conn, Long gateway) {
        return RequestRecord.builder(0, 0.1).status(200).conn(conn).gatewayConnectionId(gateway).build();
    }

    @Test
    void tunnelsAreCountedOncePerConnectionIdAndSocketsApart() {
        List<RequestRecord> records = List.of(on(1, 1L), on(2, 1L), on(2, 1L), on(3, 2L), on(4, 0L), on(5, 0L),
                on(6, null), RequestRecord.builder(0, 1).error("tcp_ConnectException").build());

        GatewayUse use = Stats.of(records).wire().gatewayUse().orElseThrow();

        assertThat(use).isEqualTo(new GatewayUse(2, 3, 1.5, 2));
        assertThat(use.line()).isEqualTo("HTTP/2 proxy connections: 2 used, 3 tunnels as streams on them (1.5 per"
                + " connection), 2 tunnels on connections of their own");
    }

    @Test
    void recordsWithoutAnHttp2ProxyConnectionHaveNoFigure() {
        assertThat(Stats.of(List.of(on(1, 0L), on(2, null))).wire().gatewayUse()).isEmpty();
    }
}
