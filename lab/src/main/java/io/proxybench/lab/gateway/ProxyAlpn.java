package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2CodecUtil;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;

/**
 * After the TLS handshake on the {@code https://} port: a client that chose {@code h2} gets HTTP/2, each CONNECT
 * stream a tunnel of its own ({@link H2StreamInitializer}); any other client ({@code http/1.1}, or no ALPN) gets the
 * plain port's {@link ProtocolSniffer}, so HTTP/1.1 proxying and SOCKS5 inside TLS behave as before.
 *
 * <p>An HTTP/2 connection reads on its own: HTTP/2 flow control, not the socket, paces each stream (a stream's
 * window is given back only as its tunnel's upstream takes the bytes).
 */
final class ProxyAlpn extends ApplicationProtocolNegotiationHandler {

    private final GatewayContext gw;

    ProxyAlpn(GatewayContext gw) {
        super(ApplicationProtocolNames.HTTP_1_1);
        this.gw = gw;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        // Connections do not read on their own: ask for the handshake's bytes.
        ctx.read();
        super.channelActive(ctx);
    }

    @Override
    protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
        if (ApplicationProtocolNames.HTTP_2.equals(protocol)) {
            HeadDeadline.remove(ctx.pipeline());
            gw.counters().h2Connected();
            ctx.channel().closeFuture().addListener(f -> gw.counters().h2Disconnected());
            Http2Settings settings = Http2Settings.defaultSettings().maxConcurrentStreams(gw.config().h2MaxStreams())
                    .maxHeaderListSize(gw.config().maxHeaderBytes());
            ctx.pipeline().addAfter(ctx.name(), "h2", Http2FrameCodecBuilder.forServer().initialSettings(settings)
                            .decoderEnforceMaxRstFramesPerWindow(gw.config().h2MaxResets(),
                                    (int) GatewayConfig.H2_RESET_WINDOW.toSeconds())
                            .frameLogger(new H2OversizedHeads(gw.counters()))
                            .build())
                    .addAfter("h2", "h2-streams", new Http2MultiplexHandler(new H2StreamInitializer(gw)))
                    .addAfter("h2-streams", "h2-errors", new H2ConnectionErrors(gw.counters()));
            // The connection window holds every stream's unread bytes: as large as all streams' windows together, so
            // a tunnel whose upstream is slow holds up its own stream only.
            long all = (long) gw.config().h2MaxStreams() * Http2CodecUtil.DEFAULT_WINDOW_SIZE;
            int increment = (int) (Math.min(all, Http2CodecUtil.MAX_INITIAL_WINDOW_SIZE)
                    - Http2CodecUtil.DEFAULT_WINDOW_SIZE);
            if (increment > 0) {
                ctx.channel().writeAndFlush(new DefaultHttp2WindowUpdateFrame(increment));
            }
            ctx.channel().config().setAutoRead(true);
        } else {
            ctx.pipeline().addAfter(ctx.name(), "sniffer", new ProtocolSniffer(gw));
            ctx.read();
        }
    }

    @Override
    protected void handshakeFailure(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
