package io.proxybench.analysis.stats;

import io.proxybench.analysis.GatewayUse;
import java.util.Optional;

/**
 * What a run cost on the wire, read from its {@link RunStatistics}: its wire bytes (TCP payload both ways, TLS and
 * proxy handshakes included) of every record that carries them, failures, retries and redirects included; and the
 * connections its requests opened or reused, and how tunnels shared HTTP/2 connections to the proxy. Reads the
 * statistics as they are at each call.
 */
public final class WireView {

    private final RunStatistics s;

    WireView(RunStatistics statistics) {
        this.s = statistics;
    }

    /** Wire bytes of every record that carries them, failures and retries included; null when none does. */
    public Long bytes() {
        return s.withBytes == 0 ? null : s.bytesOut + s.bytesIn;
    }

    /** Bytes sent, of every record that carries them; 0 when none does. */
    public long bytesOut() {
        return s.bytesOut;
    }

    /** Bytes received, of every record that carries them; 0 when none does. */
    public long bytesIn() {
        return s.bytesIn;
    }

    /** Handshake bytes (proxy and TLS) within {@link #bytes()}; null when no record carries bytes. */
    public Long handshakeBytes() {
        return s.withBytes == 0 ? null : s.handshakeBytes;
    }

    /**
     * Bytes per successful request as seed 002 means it: all wire bytes of the run (failures, blocks and retries
     * included) over the successes; null when no record carries bytes or nothing succeeded.
     */
    public Double bytesPerSuccess() {
        return s.withBytes == 0 || s.ok == 0 ? null : (double) (s.bytesOut + s.bytesIn) / s.ok;
    }

    /**
     * Whether the bytes are a lower bound: some requests shared an HTTP/2 connection (to the target, or to the
     * proxy), and such a request is charged its own payload only, not the shared connection's frames, headers, TLS
     * records or handshake.
     */
    public boolean bytesLowerBound() {
        return s.bytesLowerBound && s.withBytes > 0;
    }

    /**
     * Connections the run's requests opened: the records (requests and the redirects they followed) whose last send
     * opened its connection ({@code reused} false), a setup that failed after its TCP handshake included. A
     * connection the client opened and no record names (one a retry left behind, the warm-up's) is in the client's
     * counters only.
     */
    public long connectionsOpened() {
        return s.newConnections;
    }

    /** Records that ran on a connection already open ({@code reused} true). */
    public long reusedConnections() {
        return s.reusedConnections;
    }

    /**
     * Redirects the run's requests followed ({@code run -L}): each has a record of its own, which counts toward the
     * wire bytes and connections, not toward {@link RunStatistics#records()}.
     */
    public long redirects() {
        return s.redirects;
    }

    /**
     * New connections (tunnels) per 1,000 requests, over the records that say whether theirs was new or reused (a
     * redirect followed is a request on the wire); null when none does.
     */
    public Double handshakesPer1000() {
        long named = s.newConnections + s.reusedConnections;
        return named == 0 ? null : 1000.0 * s.newConnections / named;
    }

    /** Share (0..1) of those records that ran on a reused connection; null when none says. */
    public Double reuseRate() {
        long named = s.newConnections + s.reusedConnections;
        return named == 0 ? null : (double) s.reusedConnections / named;
    }

    /** How tunnels shared HTTP/2 connections to the proxy; empty when no record rode one. */
    public Optional<GatewayUse> gatewayUse() {
        TunnelSharing tunnels = s.tunnels;
        long gateways = tunnels.gatewayConnections();
        return gateways == 0 ? Optional.empty() : Optional.of(new GatewayUse(gateways, tunnels.streamTunnels(),
                (double) tunnels.streamTunnels() / gateways, tunnels.socketTunnels()));
    }

    /** Whether tunnels rode HTTP/2 connections to the proxy; null when no record says how it reached the proxy. */
    public Boolean http2ToProxy() {
        return s.tunnels.gatewayConnections() > 0 ? Boolean.TRUE : s.tunnels.named() ? Boolean.FALSE : null;
    }
}
