package io.proxybench.client.tunnel;

import io.netty.channel.Channel;
import io.proxybench.client.metrics.WireMeter;

/**
 * A connection ready for HTTP: tunnel (if any) up and origin TLS (if any) done.
 *
 * @param protocol {@code h2} or {@code http/1.1}
 * @param handshakeBytes wire bytes both ways until it was ready
 * @param tlsGroup the key-exchange group negotiated with the origin, null without origin TLS or when unknown
 * @param gatewayConnectionId the HTTP/2 proxy connection whose stream {@code channel} is, 0 when it is a socket
 */
public record Established(Channel channel, WireMeter meter, String protocol, long handshakeBytes, String tlsGroup,
        long gatewayConnectionId) {

    /**
     * Hands the connection to the exchange whose handlers were just added to its pipeline: from now on they hear
     * its bytes and errors, starting with any bytes that arrived while it was being set up.
     */
    public void handOver() {
        channel.pipeline().remove(Connector.SETUP_GUARD);
    }
}
