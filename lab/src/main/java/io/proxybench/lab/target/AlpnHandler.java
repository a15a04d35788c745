package io.proxybench.lab.target;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * After the TLS handshake, installs HTTP/2 (one child channel per stream) when the client chose {@code h2},
 * and HTTP/1.1 otherwise: the only other protocol offered, and the one for clients without ALPN.
 */
final class AlpnHandler extends ApplicationProtocolNegotiationHandler {

    private final SharedState shared;

    AlpnHandler(SharedState shared) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.shared = shared;
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            ctx.pipeline().addLast(
                    Http2FrameCodecBuilder.forServer().build(),
                    new Http2MultiplexHandler(new Http2StreamInitializer(shared)));
        } else {
            TargetInitializer.addHttp1(ctx.pipeline(), shared);
        }
    }
}
