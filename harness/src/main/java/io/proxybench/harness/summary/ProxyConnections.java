package io.proxybench.harness.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.report.Text;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.event.GatewayStats;
import java.util.Locale;
import java.util.Optional;

/**
 * How a run's tunnels reached an {@code https://} proxy when HTTP/2 to it was asked for ({@code run --proxy-http2}):
 * the gateway connections its records name (the figures {@code analyze} gives too), and the client's gateway counters
 * during the run and before it. A proxy that answers {@code http/1.1} by ALPN gets every tunnel on a connection of its
 * own; that is counted, never hidden (seed 000's "HTTP/2 through an HTTP/1.1-only proxy" trap).
 *
 * @param gatewayConnections distinct non-zero {@code gateway_connection_id}s in the run's records: the connections
 *     that carried its tunnels, whenever they were opened
 * @param tunnelsPerGatewayConnection tunnels in the records that rode such a connection, per connection; null when
 *     none did
 * @param openedDuringRun HTTP/2 connections the client opened to proxies during the run
 * @param openedBeforeRun those it opened before the schedule (the warm-up's), still used by the run when open
 * @param peakOpen the most of the client's HTTP/2 proxy connections open at once (over the client's life, which is the
 *     run's for {@code run})
 * @param streamTunnels tunnels opened during the run as CONNECT streams on such connections
 * @param fallbackTunnels tunnels opened during the run over HTTP/1.1, each on a connection of its own, because the
 *     proxy did not choose {@code h2}
 */
public record ProxyConnections(
        @JsonProperty("gateway_connections") long gatewayConnections,
        @JsonProperty("tunnels_per_gateway_connection") Double tunnelsPerGatewayConnection,
        @JsonProperty("gateway_connections_opened") long openedDuringRun,
        @JsonProperty("gateway_connections_opened_before") long openedBeforeRun,
        @JsonProperty("gateway_connections_peak") int peakOpen,
        @JsonProperty("stream_tunnels") long streamTunnels,
        @JsonProperty("fallback_tunnels") long fallbackTunnels) {

    /**
     * The run's figures: the client's counters {@code before} and {@code after} the run (a new client's, so that
     * {@code before} is the warm-up's), and its records'.
     */
    public static ProxyConnections of(GatewayStats before, GatewayStats after, RunStatistics records) {
        Optional<GatewayUse> use = records.wire().gatewayUse();
        return new ProxyConnections(use.map(GatewayUse::gatewayConnections).orElse(0L),
                use.map(GatewayUse::tunnelsPerGatewayConnection).orElse(null),
                after.gatewayConnections() - before.gatewayConnections(), before.gatewayConnections(),
                after.peakGatewayConnections(), after.streamTunnels() - before.streamTunnels(),
                after.fallbackTunnels() - before.fallbackTunnels());
    }

    /** The fallback said plainly, or null when no tunnel fell back to HTTP/1.1. */
    public String fallbackWarning() {
        if (fallbackTunnels == 0) {
            return null;
        }
        String share = streamTunnels == 0 ? "all " + Text.count(fallbackTunnels, "tunnel")
                : String.format(Locale.ROOT, "%,d of %s", fallbackTunnels,
                        Text.count(fallbackTunnels + streamTunnels, "tunnel"));
        return "HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own connection (" + share
                + " went over HTTP/1.1, one TCP and TLS handshake with the proxy each)";
    }

    /**
     * One line of the run's summary: {@code HTTP/2 to the proxy: 150 tunnels rode 1 gateway connection (150.0 per
     * connection); 1 opened before the run, 0 during it, at most 1 open at once; 0 tunnels fell back to HTTP/1.1}.
     */
    public String line() {
        String rode = gatewayConnections == 0 ? "no tunnel rode a gateway connection"
                : String.format(Locale.ROOT, "tunnels rode %s (%.1f per connection)",
                        Text.count(gatewayConnections, "gateway connection"), tunnelsPerGatewayConnection);
        return String.format(Locale.ROOT, "HTTP/2 to the proxy: %s; %,d opened before the run, %,d during it, at"
                + " most %,d open at once; %s fell back to HTTP/1.1", rode, openedBeforeRun, openedDuringRun, peakOpen,
                Text.count(fallbackTunnels, "tunnel"));
    }
}
