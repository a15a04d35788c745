package io.proxybench.lab.gateway;

import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of one HTTP/2 stream on the gateway's {@code https://} port: bytes as for a socket, the idle limit
 * per stream (a busy connection does not keep an idle tunnel open), and the CONNECT frontend. The stream reads only
 * when asked, so its flow-control window is given back only as fast as its tunnel carries the bytes on.
 */
final class H2StreamInitializer extends ChannelInitializer<Http2StreamChannel> {

    private final GatewayContext gw;

    H2StreamInitializer(GatewayContext gw) {
        this.gw = gw;
    }

    @Override
    protected void initChannel(Http2StreamChannel ch) {
        ch.config().setAutoRead(false);
        ch.pipeline()
                .addLast("h2-bytes", new StreamBytes())
                .addLast("idle", new IdleStateHandler(0, 0, gw.config().idleTimeout().toNanos(), TimeUnit.NANOSECONDS))
                .addLast("idle-close", new IdleClose(gw.counters()))
                .addLast("h2-connect", new H2ConnectFrontend(gw));
    }
}
