package io.proxybench.it.client;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2Settings;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.lab.pki.ServerIdentity;
import io.proxybench.lab.pki.ServerTls;
import io.proxybench.net.TlsEngine;
import io.proxybench.net.Transport;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An HTTP/2-only TLS origin with a chosen {@code SETTINGS_MAX_CONCURRENT_STREAMS}: every stream is answered
 * {@code 200 ok} after {@code delayMillis}. For limits the lab target does not impose.
 */
final class TinyH2Server implements AutoCloseable {

    private final EventLoopGroup group = Transport.current().newGroup(1);
    private final Channel listener;

    TinyH2Server(Path home, int maxStreams, long delayMillis) throws Exception {
        ServerIdentity id = LabCa.loadOrCreate(home.resolve("lab-ca")).issueServer(List.of("localhost"),
                List.of("127.0.0.1"));
        SslContext tls = ServerTls.context(id, TlsEngine.current().provider(), "h2");
        listener = new ServerBootstrap().group(group).channel(Transport.current().serverChannel())
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(tls.newHandler(ch.alloc()),
                                Http2FrameCodecBuilder.forServer()
                                        .initialSettings(Http2Settings.defaultSettings().maxConcurrentStreams(maxStreams))
                                        .build(),
                                new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
                                    @Override
                                    protected void initChannel(Channel stream) {
                                        stream.pipeline().addLast(new Answer(delayMillis));
                                    }
                                }));
                    }
                }).bind("127.0.0.1", 0).sync().channel();
    }

    int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Answers a stream's request once its headers arrive. */
    private static final class Answer extends ChannelInboundHandlerAdapter {
        private final long delayMillis;

        Answer(long delayMillis) {
            this.delayMillis = delayMillis;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            boolean headers = msg instanceof Http2HeadersFrame;
            ReferenceCountUtil.release(msg);
            if (headers) {
                ctx.executor().schedule(() -> {
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")));
                    ctx.writeAndFlush(new DefaultHttp2DataFrame(
                            Unpooled.copiedBuffer("ok", StandardCharsets.US_ASCII), true));
                }, delayMillis, TimeUnit.MILLISECONDS);
            }
        }
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
