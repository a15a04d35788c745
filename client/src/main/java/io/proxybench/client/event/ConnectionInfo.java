package io.proxybench.client.event;

import io.proxybench.client.proxy.ProxySpec;

/**
 * Which connection a call used.
 *
 * @param id the client's connection number, from 1
 * @param proxy null when direct
 * @param protocol {@code http/1.1} or {@code h2}, as negotiated with the origin
 * @param tunnelled true for CONNECT and SOCKS5 routes, false for direct and forward-proxied ones
 * @param tlsGroup the key-exchange group negotiated with the origin (e.g. {@code X25519MLKEM768}); null without TLS
 *     to the origin, or when the TLS engine does not say (the JDK's)
 * @param gatewayConnectionId for a tunnel that is a stream of an HTTP/2 connection to the proxy, that connection's
 *     number (from 1, shared by all its streams); 0 otherwise
 */
public record ConnectionInfo(long id, ProxySpec proxy, String protocol, boolean tunnelled, String tlsGroup,
        long gatewayConnectionId) {

    /**
     * A connection that is not a stream of an HTTP/2 proxy connection: {@code gatewayConnectionId} 0.
     *
     * @param id the client's connection number, from 1
     * @param proxy null when direct
     * @param protocol {@code http/1.1} or {@code h2}, as negotiated with the origin
     * @param tunnelled true for CONNECT and SOCKS5 routes, false for direct and forward-proxied ones
     * @param tlsGroup the key-exchange group negotiated with the origin, or null
     */
    public ConnectionInfo(long id, ProxySpec proxy, String protocol, boolean tunnelled, String tlsGroup) {
        this(id, proxy, protocol, tunnelled, tlsGroup, 0);
    }
}
