package io.proxybench.experiments.bytes;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What {@code requests} requests cost on the wire at {@code requestsPerTunnel} requests per tunnel: the first
 * request of each tunnel pays the new-tunnel figure, every other one the reused-tunnel figure.
 *
 * @param requestsPerTunnel requests each tunnel carries (the last tunnel may carry fewer)
 * @param tunnels {@code ceil(requests / requestsPerTunnel)}
 * @param bytes {@code tunnels * newTunnel + (requests - tunnels) * reused}, bytes
 * @param gigabytes {@code bytes / 10^9} (decimal GB, as plans bill)
 */
public record BytesProjection(
        @JsonProperty("requests_per_tunnel") int requestsPerTunnel,
        @JsonProperty("tunnels") long tunnels,
        @JsonProperty("bytes") long bytes,
        @JsonProperty("gigabytes") double gigabytes) {

    /**
     * @param newTunnelBytes wire bytes of a request that opens its tunnel
     * @param reusedBytes wire bytes of a request on an open tunnel
     */
    public static BytesProjection of(long requests, int requestsPerTunnel, long newTunnelBytes, long reusedBytes) {
        if (requests < 1 || requestsPerTunnel < 1) {
            throw new IllegalArgumentException("requests and requests per tunnel must be at least 1, got " + requests
                    + " and " + requestsPerTunnel);
        }
        long tunnels = Math.floorDiv(requests + requestsPerTunnel - 1, requestsPerTunnel);
        long bytes = Math.addExact(Math.multiplyExact(tunnels, newTunnelBytes),
                Math.multiplyExact(requests - tunnels, reusedBytes));
        return new BytesProjection(requestsPerTunnel, tunnels, bytes, bytes / 1e9);
    }
}
