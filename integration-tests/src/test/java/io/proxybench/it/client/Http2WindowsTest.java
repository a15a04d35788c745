package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.netty.handler.codec.http2.Http2Connection;
import io.netty.handler.codec.http2.Http2FrameCodec;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2SettingsFrame;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.ResponseStream;
import io.proxybench.client.TlsSettings;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.lab.pki.ServerIdentity;
import io.proxybench.lab.pki.ServerTls;
import io.proxybench.net.TlsEngine;
import io.proxybench.net.Transport;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The receive windows the client grants an HTTP/2 origin, as the origin's codec sees them: 1 MiB per stream in the
 * client's SETTINGS (not HTTP/2's 64 KiB, which holds a download to 64 KiB per round trip) and 16 MiB more on the
 * connection; an 8 MiB body comes whole through both the buffered and the streamed call.
 */
class Http2WindowsTest {

    private static final int BODY_BYTES = 8 << 20;
    private static final int FRAME_BYTES = 16 << 10;

    @TempDir
    Path home;

    @Test
    void theClientAnnouncesWideWindowsAndALargeBodyComesWhole() throws Exception {
        LabCa ca = LabCa.loadOrCreate(home.resolve("ca"));
        try (Origin origin = new Origin(ca.issueServer(List.of("localhost"), List.of("127.0.0.1")));
                ProxyClient client = ProxyClient.builder().tls(TlsSettings.caFile(ca.certFile())).build()) {
            String url = "https://127.0.0.1:" + origin.port() + "/big";

            ProxyResponse whole = client.send(ProxyRequest.get(url)).get(60, TimeUnit.SECONDS);
            assertThat(whole.protocol()).isEqualTo("h2");
            assertThat(whole.bodyBytes()).isEqualTo(BODY_BYTES);
            assertThat(whole.body()).hasSize(BODY_BYTES);

            assertThat(origin.streamWindow.get()).as("SETTINGS_INITIAL_WINDOW_SIZE the client announced")
                    .isEqualTo(1 << 20);
            // Netty adds the stream window's growth to the connection's too, which the 16 MiB come on top of.
            assertThat(origin.connectionWindow.get()).as("what the origin may send on the connection, at the request")
                    .isGreaterThanOrEqualTo(65_535 + (16 << 20));

            try (ResponseStream stream = client.stream(ProxyRequest.get(url)).get(60, TimeUnit.SECONDS);
                    InputStream body = stream.body()) {
                assertThat(body.transferTo(java.io.OutputStream.nullOutputStream())).isEqualTo(BODY_BYTES);
            }
        }
    }

    /** An HTTP/2-only TLS origin answering every stream with {@link #BODY_BYTES} of zeros. */
    private static final class Origin implements AutoCloseable {
        final AtomicLong streamWindow = new AtomicLong(-1);
        final AtomicLong connectionWindow = new AtomicLong(-1);
        private final EventLoopGroup group = Transport.current().newGroup(1);
        private final Channel listener;

        Origin(ServerIdentity id) throws Exception {
            SslContext tls = ServerTls.context(id, TlsEngine.current().provider(), "h2");
            listener = new ServerBootstrap().group(group).channel(Transport.current().serverChannel())
                    .childHandler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            Http2FrameCodec codec = Http2FrameCodecBuilder.forServer().build();
                            ch.pipeline().addLast(tls.newHandler(ch.alloc()), codec,
                                    new Http2MultiplexHandler(new ChannelInitializer<Channel>() {
                                        @Override
                                        protected void initChannel(Channel stream) {
                                            stream.pipeline().addLast(new Answer(codec.connection()));
                                        }
                                    }),
                                    new ClientSettings());
                        }
                    }).bind("127.0.0.1", 0).sync().channel();
        }

        int port() {
            return ((InetSocketAddress) listener.localAddress()).getPort();
        }

        /** The client's SETTINGS, on the connection. */
        private final class ClientSettings extends ChannelInboundHandlerAdapter {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof Http2SettingsFrame settings && settings.settings().initialWindowSize() != null) {
                    streamWindow.set(settings.settings().initialWindowSize());
                }
                ReferenceCountUtil.release(msg);
            }
        }

        /** Answers a stream once its request's headers arrive, noting the connection's send window then. */
        private final class Answer extends ChannelInboundHandlerAdapter {
            private final Http2Connection connection;

            Answer(Http2Connection connection) {
                this.connection = connection;
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                boolean headers = msg instanceof Http2HeadersFrame;
                ReferenceCountUtil.release(msg);
                if (!headers) {
                    return;
                }
                connectionWindow.compareAndSet(-1,
                        connection.remote().flowController().windowSize(connection.connectionStream()));
                ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")
                        .setInt("content-length", BODY_BYTES)));
                for (int sent = 0; sent < BODY_BYTES; sent += FRAME_BYTES) {
                    ctx.write(new DefaultHttp2DataFrame(Unpooled.wrappedBuffer(new byte[FRAME_BYTES]),
                            sent + FRAME_BYTES >= BODY_BYTES));
                }
                ctx.flush();
            }
        }

        @Override
        public void close() {
            listener.close().syncUninterruptibly();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
