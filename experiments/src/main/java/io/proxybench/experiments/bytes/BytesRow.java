package io.proxybench.experiments.bytes;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Wire bytes per request for one key-exchange offer, measured, and what a million requests would cost.
 *
 * @param groupsOffered the key-exchange groups the client offered, colon-separated; {@code default} for the TLS
 *     engine's own list
 * @param groupNegotiated the group the origin chose, as the TLS engine reports it; null when the engine does not say
 * @param http the HTTP version spoken in the tunnel
 * @param newTunnel a request on a new tunnel with a full TLS handshake (a new client each time, as a new curl
 *     process or a harness without a session cache)
 * @param resumedTunnel a request on a new tunnel of the same client, which may resume its TLS session (no
 *     certificate sent) when the origin allows it
 * @param reusedTunnel a request on a tunnel already open
 * @param projections one per requests-per-tunnel figure, new tunnels with a full handshake
 */
public record BytesRow(
        @JsonProperty("groups_offered") String groupsOffered,
        @JsonProperty("group_negotiated") String groupNegotiated,
        @JsonProperty("http") String http,
        @JsonProperty("new_tunnel") BytesPerRequest newTunnel,
        @JsonProperty("resumed_tunnel") BytesPerRequest resumedTunnel,
        @JsonProperty("reused_tunnel") BytesPerRequest reusedTunnel,
        @JsonProperty("projections") List<BytesProjection> projections) {}
