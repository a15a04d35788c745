package io.proxybench.lab.gateway;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import io.proxybench.lab.faults.DelayHandler;
import io.proxybench.lab.pki.ServerTls;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of a client connection to the gateway, past the connection limit (one more is closed on arrival):
 * the header deadline, the client-leg delay (when one is injected as the connection is accepted: it keeps that
 * one), TLS on the {@code https://} port, the idle limit, then on the plain port the sniffer that picks HTTP or
 * SOCKS5, and on the {@code https://} port the ALPN choice between HTTP/2 CONNECT streams and that same sniffer.
 */
final class GatewayInitializer extends ChannelInitializer<SocketChannel> {

    private final GatewayContext gw;
    private final ChannelGroup connections;
    private final SslContext tls;

    /**
     * @param connections collects every client connection so the server can close them on shutdown
     * @param tls the proxy port's TLS (an {@code https://} proxy), or null for plain TCP
     */
    GatewayInitializer(GatewayContext gw, ChannelGroup connections, SslContext tls) {
        this.gw = gw;
        this.connections = connections;
        this.tls = tls;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        GatewayConfig config = gw.config();
        if (!gw.counters().clientConnected(config.maxClientConnections())) {
            ch.close();
            return;
        }
        connections.add(ch);
        ch.closeFuture().addListener(f -> gw.counters().clientDisconnected());
        ch.pipeline().addLast(HeadDeadline.NAME, new HeadDeadline(config.headerTimeout(), gw.counters()));
        Duration clientRtt = gw.injection().latency().clientRtt();
        if (!clientRtt.isZero()) {
            ch.pipeline().addLast("client-leg-delay", new DelayHandler(clientRtt));
        }
        if (tls != null) {
            ch.pipeline().addLast("proxy-tls", ServerTls.handler(tls, ch.alloc()));
        }
        ch.pipeline()
                .addLast("idle", new IdleStateHandler(0, 0, config.idleTimeout().toNanos(), TimeUnit.NANOSECONDS))
                .addLast("idle-close", new IdleClose(gw.counters()));
        if (tls != null) {
            ch.pipeline().addLast("alpn", new ProxyAlpn(gw));
        } else {
            ch.pipeline().addLast("sniffer", new ProtocolSniffer(gw));
        }
    }
}
