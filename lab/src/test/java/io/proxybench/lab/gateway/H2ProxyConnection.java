package io.proxybench.lab.gateway;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.DefaultHttp2WindowUpdateFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient.Response;
import io.proxybench.net.Transport;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP/2 connection to the lab gateway's {@code https://} port, made with Netty's own HTTP/2 client rather than
 * the project's: each CONNECT is a stream, TLS to the target runs inside the stream (trusting the lab CA), then
 * HTTP/1.1 requests. Every wait is bounded by {@link #WAIT_SECONDS}.
 */
final class H2ProxyConnection implements AutoCloseable {

    static final long WAIT_SECONDS = 30;
    /** Connection-level receive window added at start, so a paused stream cannot hold up the others. */
    private static final int CONNECTION_WINDOW_BYTES = 16 << 20;

    private final EventLoopGroup group = Transport.current().newGroup(1);
    private final SslContext targetTls;
    private final Channel connection;

    H2ProxyConnection(Lab lab) throws Exception {
        SslContext proxyTls = SslContextBuilder.forClient().trustManager(lab.caFile().toFile())
                .applicationProtocolConfig(new ApplicationProtocolConfig(ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT, ApplicationProtocolNames.HTTP_2))
                .build();
        targetTls = SslContextBuilder.forClient().trustManager(lab.caFile().toFile()).build();
        connection = new Bootstrap().group(group).channel(Transport.current().socketChannel())
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(proxyTls.newHandler(ch.alloc(), "localhost", lab.gatewayTlsPort()),
                                // Sends what it is told, past the gateway's header list limit too, as a hostile
                                // client would, so the gateway's own check is what a test sees.
                                Http2FrameCodecBuilder.forClient().encoderIgnoreMaxHeaderListSize(true).build(),
                                new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                    }
                })
                .connect("127.0.0.1", lab.gatewayTlsPort()).sync().channel();
        SslHandler tls = connection.pipeline().get(SslHandler.class);
        tls.handshakeFuture().get(WAIT_SECONDS, TimeUnit.SECONDS);
        if (!ApplicationProtocolNames.HTTP_2.equals(tls.applicationProtocol())) {
            throw new IllegalStateException("the gateway chose " + tls.applicationProtocol() + ", not h2");
        }
        connection.writeAndFlush(new DefaultHttp2WindowUpdateFrame(CONNECTION_WINDOW_BYTES)).sync();
    }

    /**
     * Opens a CONNECT stream to {@code authority} with Basic {@code credentials} (none when null) and the
     * {@code extra} headers; the tunnel's answer comes later ({@link Tunnel#status()}).
     */
    Tunnel open(String credentials, String authority, Http2Headers extra) throws Exception {
        Http2Headers headers = new DefaultHttp2Headers().method(HttpMethod.CONNECT.name()).authority(authority);
        if (credentials != null) {
            headers.set(HttpHeaderNames.PROXY_AUTHORIZATION, basic(credentials));
        }
        headers.add(extra);
        return request(headers);
    }

    static String basic(String credentials) {
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    Tunnel open(String credentials, String authority) throws Exception {
        return open(credentials, authority, new DefaultHttp2Headers());
    }

    /** Sends {@code headers} as they are on a new stream. */
    Tunnel request(Http2Headers headers) throws Exception {
        Tunnel tunnel = new Tunnel();
        Http2StreamChannel stream = new Http2StreamChannelBootstrap(connection).handler(tunnel.frames)
                .open().get(WAIT_SECONDS, TimeUnit.SECONDS);
        tunnel.stream = stream;
        stream.writeAndFlush(new DefaultHttp2HeadersFrame(headers)).sync();
        return tunnel;
    }

    /** Closes the TCP connection (no GOAWAY first). */
    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return;
        }
        connection.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** One CONNECT stream: the gateway's answer, then (after 200) bytes or HTTP/1.1 over TLS to the target. */
    final class Tunnel {
        private final CompletableFuture<Integer> status = new CompletableFuture<>();
        private final CompletableFuture<String> ended = new CompletableFuture<>();
        private final CompletableFuture<Http2Error> reset = new CompletableFuture<>();
        private final Queue<CompletableFuture<Response>> pending = new ArrayDeque<>();
        private final Frames frames = new Frames();
        private Http2StreamChannel stream;

        /** The {@code :status} the gateway answered. */
        int status() throws Exception {
            return status.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** What the gateway sent on the stream up to its END_STREAM, outside TLS (a refusal's reason). */
        String body() throws Exception {
            return ended.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** The error code of the gateway's RST_STREAM on this stream. */
        Http2Error resetCode() throws Exception {
            return reset.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** The gateway's RST_STREAM code if one came, else null, without waiting. */
        Http2Error resetSoFar() {
            return reset.getNow(null);
        }

        Http2StreamChannel stream() {
            return stream;
        }

        /** Sends raw bytes on the stream, ending it when {@code end}. */
        void send(String raw, boolean end) throws Exception {
            stream.pipeline().context(frames).writeAndFlush(new DefaultHttp2DataFrame(
                    Unpooled.copiedBuffer(raw, StandardCharsets.ISO_8859_1), end)).get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** GET {@code path} over TLS to the target inside the stream (TLS starts on the first call). */
        CompletableFuture<Response> get(String path) {
            CompletableFuture<Response> response = new CompletableFuture<>();
            stream.eventLoop().execute(() -> {
                if (stream.pipeline().get(SslHandler.class) == null) {
                    stream.pipeline().addLast(targetTls.newHandler(stream.alloc(), "localhost", 443),
                            new HttpClientCodec(), new HttpObjectAggregator(8 << 20), new TargetResponses());
                }
                pending.add(response);
                FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
                request.headers().set(HttpHeaderNames.HOST, "localhost");
                stream.writeAndFlush(request).addListener(f -> {
                    if (!f.isSuccess()) {
                        response.completeExceptionally(f.cause());
                    }
                });
            });
            return response;
        }

        Response getNow(String path) throws Exception {
            return get(path).get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        /** Stops or restarts taking DATA off the stream: a stopped stream's window is not given back. */
        void reading(boolean on) {
            stream.config().setAutoRead(on);
        }

        /** Resets the stream from the client's side. */
        void cancel() throws Exception {
            stream.pipeline().context(frames).writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CANCEL))
                    .get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        private void failAll(Throwable cause) {
            status.completeExceptionally(cause);
            ended.completeExceptionally(cause);
            CompletableFuture<Response> r;
            while ((r = pending.poll()) != null) {
                r.completeExceptionally(cause);
            }
        }

        /** Frames in: the answer, then DATA as bytes (to TLS once installed); bytes out as DATA. */
        private final class Frames extends ChannelDuplexHandler {
            private final StringBuilder raw = new StringBuilder();

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof Http2HeadersFrame headers && !status.isDone()) {
                    status.complete(headers.headers().status() == null ? -1
                            : Integer.parseInt(headers.headers().status().toString()));
                    endIf(headers.isEndStream());
                } else if (msg instanceof Http2DataFrame data) {
                    boolean end = data.isEndStream();
                    if (ctx.pipeline().get(SslHandler.class) != null) {
                        ctx.fireChannelRead(data.content());
                    } else {
                        raw.append(data.content().toString(StandardCharsets.ISO_8859_1));
                        data.release();
                    }
                    endIf(end);
                } else {
                    ReferenceCountUtil.release(msg);
                }
            }

            /** Netty's multiplexer hands a RST_STREAM to the stream as an event, not a read. */
            @Override
            public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                if (evt instanceof Http2ResetFrame r) {
                    reset.complete(Http2Error.valueOf(r.errorCode()));
                    failAll(new IllegalStateException("stream reset by the gateway: " + reset.getNow(null)));
                }
                ctx.fireUserEventTriggered(evt);
            }

            private void endIf(boolean end) {
                if (end) {
                    ended.complete(raw.toString());
                }
            }

            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                ctx.write(msg instanceof ByteBuf bytes ? new DefaultHttp2DataFrame(bytes) : msg, promise);
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                failAll(new IllegalStateException("stream closed"));
                ctx.fireChannelInactive();
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                failAll(cause);
            }
        }

        /** HTTP/1.1 responses from the target, in order. */
        private final class TargetResponses extends SimpleChannelInboundHandler<FullHttpResponse> {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse r) {
                Map<String, String> headers = new LinkedHashMap<>();
                r.headers().forEach(h -> headers.put(h.getKey().toLowerCase(java.util.Locale.ROOT), h.getValue()));
                CompletableFuture<Response> next = pending.poll();
                if (next != null) {
                    next.complete(new Response(r.status().code(), headers,
                            r.content().toString(StandardCharsets.ISO_8859_1)));
                }
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                failAll(cause);
                ctx.close();
            }
        }
    }
}
