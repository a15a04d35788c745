package io.proxybench.harness.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.client.event.GatewayStats;
import java.util.Locale;

/**
 * How a run's tunnels reached an {@code https://} proxy when HTTP/2 to it was asked for ({@code run --proxy-http2}):
 * the client's gateway counters over the run, and the gateway connections its records name. A proxy that answers
 * {@code http/1.1} by ALPN gets every tunnel on a connection of its own; that is counted, never hidden (seed 000's
 * "HTTP/2 through an HTTP/1.1-only proxy" trap).
 *
 * @param gatewayConnections HTTP/2 connections the client opened to proxies during the run
 * @param peakOpen the most of the client's HTTP/2 proxy connections open at once (over the client's life, which is the
 *     run's for {@code run})
 * @param streamTunnels tunnels opened during the run as CONNECT streams on such connections
 * @param fallbackTunnels tunnels opened during the run over HTTP/1.1, each on a connection of its own, because the
 *     proxy did not choose {@code h2}
 * @param tunnelsPerGatewayConnection {@code streamTunnels / gatewayConnections}; null when none was opened
 * @param gatewayConnectionsInRecords distinct non-zero {@code gateway_connection_id}s in the run's records (a
 *     connection opened by a warm-up before the run counts here, not in {@code gatewayConnections})
 */
public record ProxyConnections(
        @JsonProperty("gateway_connections") long gatewayConnections,
        @JsonProperty("gateway_connections_peak") int peakOpen,
        @JsonProperty("stream_tunnels") long streamTunnels,
        @JsonProperty("fallback_tunnels") long fallbackTunnels,
        @JsonProperty("tunnels_per_gateway_connection") Double tunnelsPerGatewayConnection,
        @JsonProperty("gateway_connections_in_records") long gatewayConnectionsInRecords) {

    /** The run's figures: the client's counters {@code before} and {@code after} the run, and its records'. */
    public static ProxyConnections of(GatewayStats before, GatewayStats after,
            RunStatistics records) {
        long connections = after.gatewayConnections() - before.gatewayConnections();
        long streams = after.streamTunnels() - before.streamTunnels();
        long named = records.gatewayUse().map(GatewayUse::gatewayConnections).orElse(0L);
        return new ProxyConnections(connections, after.peakGatewayConnections(), streams,
                after.fallbackTunnels() - before.fallbackTunnels(), connections == 0 ? null : (double) streams / connections, named);
    }

    /** The fallback said plainly, or null when no tunnel fell back to HTTP/1.1. */
    public String fallbackWarning() {
        if (fallbackTunnels == 0) {
            return null;
        }
        String share = streamTunnels == 0 ? "all " + fallbackTunnels + " tunnels"
                : fallbackTunnels + " of " + (fallbackTunnels + streamTunnels) + " tunnels";
        return "HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own connection (" + share
                + " went over HTTP/1.1, one TCP and TLS handshake with the proxy each)";
    }

    /** One line of the run's summary. */
    public String line() {
        return String.format(Locale.ROOT, "proxy connections (HTTP/2 asked): %d gateway connections opened (at"
                + " most %d open at once), %d tunnels as streams on them%s, %d fallback tunnels over HTTP/1.1; records"
                + " name %d gateway connections", gatewayConnections, peakOpen, streamTunnels, tunnelsPerGatewayConnection == null ? ""
                        : String.format(Locale.ROOT, " (%.1f per connection)", tunnelsPerGatewayConnection),
                fallbackTunnels, gatewayConnectionsInRecords);
    }
}
