package io.proxybench.client.tunnel;

import io.netty.channel.Channel;
import io.proxybench.client.metrics.WireMeter;

/**
 * A connection ready for HTTP: tunnel (if any) up and origin TLS (if any) done.
 *
 * @param protocol {@code h2} or {@code http/1.1}
 * @param handshakeBytes wire bytes both ways until it was ready
 */
public record Established(Channel channel, WireMeter meter, String protocol, long handshakeBytes) {}
