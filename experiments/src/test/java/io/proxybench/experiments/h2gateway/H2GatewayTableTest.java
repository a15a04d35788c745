package io.proxybench.experiments.h2gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Percentiles;
import io.proxybench.harness.summary.ProxyConnections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class H2GatewayTableTest {

    private static Map<String, Percentiles> phases(int tcpCount) {
        Map<String, Percentiles> m = new LinkedHashMap<>();
        m.put("tcp", new Percentiles(tcpCount, 1.5, 2, 3.25));
        m.put("connect", new Percentiles(1000, 20, 25, 40));
        m.put("total", new Percentiles(1000, 120, 150, 210.5));
        return m;
    }

    private static H2GatewayLane lane(String name, long peak, String peakFrom, long opened, String openedFrom,
            ProxyConnections proxyConnections, Map<String, Long> errors) {
        return new H2GatewayLane(name, name.startsWith("HTTP/2") ? "h2" : "http/1.1", 1000, 1000 - errors.size(),
                errors, 99.0, errors.isEmpty() ? 2.5 : 40, errors.isEmpty() ? 0 : 7, peak, peakFrom, opened, openedFrom, 1000, "lab: tunnels", 1000.0 / opened, 990,
                0.99, phases((int) opened), proxyConnections);
    }

    @Test
    void aFigureMeasuredAlikeInBothLanesNamesItsSourceOnce() {
        String text = H2GatewayTable.text(new H2GatewayResult("the lab", 100, 10, 1024, 100, List.of(
                lane("HTTP/1.1 proxy", 80, "lab: open", 1000, "lab: accepted", null, Map.of()),
                lane("HTTP/2 proxy", 2L, "lab: open", 3, "lab: accepted",
                        new ProxyConnections(3, 333.3, 3, 0, 2, 1000, 0), Map.of()))));

        assertThat(text.lines()).contains(
                "open loop at 100 req/s for 10 s per lane, a new tunnel (own session, own exit) per request",
                "gateway: the lab",
                "client: at most 1,024 requests in flight, 100 tunnels on one HTTP/2 connection",
                "gateway connections open, peak                                  80                           2",
                "tunnels per gateway connection                                 1.0                       333.3",
                "  tcp                                            1.5 / 3.3 (1,000)               1.5 / 3.3 (3)",
                "  peak     lab: open",
                "  opened   lab: accepted");
        assertThat(text).doesNotContain("warning", "errors,", "proxy_tls");
    }

    @Test
    void aFigureMeasuredDifferentlyPerLaneNamesEachSource() {
        String text = H2GatewayTable.text(new H2GatewayResult("https://gw.example:2001", 100, 10, 1024, 100, List.of(
                lane("HTTP/1.1 proxy", 80, "client: open tunnels", 1000, "client: opened", null,
                        Map.of("tls_SSLException", 1L)),
                lane("HTTP/2 proxy", 0, "client: open HTTP/2 proxy connections", 1000, "client: opened",
                        new ProxyConnections(0, null, 0, 0, 0, 0, 1000), Map.of()))));

        assertThat(text.lines()).contains(
                "gateway connections open, peak                                  80                           0",
                "  peak     HTTP/1.1 proxy: client: open tunnels; HTTP/2 proxy: client: open HTTP/2 proxy connections",
                "  opened   client: opened",
                "errors, HTTP/1.1 proxy: tls_SSLException 1",
                "warning, HTTP/1.1 proxy: start lag p99 40.0 ms, 7 requests waiting for an in-flight slot: the"
                        + " client did not keep the schedule, so the figures describe this machine's CPU as much as"
                        + " the proxy; lower --rate",
                "warning, HTTP/2 proxy: HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own connection"
                        + " (all 1,000 tunnels went over HTTP/1.1, one TCP and TLS handshake with the proxy each)");
    }
}
