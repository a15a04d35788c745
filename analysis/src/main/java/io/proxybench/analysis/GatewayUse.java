package io.proxybench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.report.Text;
import java.util.Locale;

/**
 * How a run's tunnels shared HTTP/2 connections to the proxy, from the records' {@code gateway_connection_id} and
 * {@code conn} ({@code WireView.gatewayUse()}). Ids are numbered per client process: shards of several processes merged into one list can share
 * numbers, so over merged shards these counts are lower bounds.
 *
 * @param gatewayConnections distinct non-zero gateway connection ids: HTTP/2 connections to the proxy used
 * @param tunnels distinct tunnels ({@code conn}) that were streams on them
 * @param tunnelsPerGatewayConnection {@code tunnels / gatewayConnections}
 * @param socketTunnels distinct tunnels with a connection to the proxy of their own ({@code gateway_connection_id}
 *     0)
 */
public record GatewayUse(
        @JsonProperty("gateway_connections") long gatewayConnections,
        @JsonProperty("tunnels") long tunnels,
        @JsonProperty("tunnels_per_gateway_connection") double tunnelsPerGatewayConnection,
        @JsonProperty("socket_tunnels") long socketTunnels) {

    /** One line of a report. */
    public String line() {
        return String.format(Locale.ROOT, "HTTP/2 proxy connections: %,d used, %s as streams on them (%.1f per"
                + " connection)%s", gatewayConnections, Text.count(tunnels, "tunnel"), tunnelsPerGatewayConnection,
                socketTunnels == 0 ? "" : ", " + Text.count(socketTunnels, "tunnel") + " on connections of their own");
    }
}
