package io.proxybench.lab.gateway;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.proxybench.client.net.Transport;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;

/**
 * The gateway's admin endpoint on its own loopback port: {@code GET /counters} returns the counters as JSON,
 * {@code DELETE /counters} returns them and starts counting from zero.
 */
public final class GatewayAdmin implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Channel listener;

    private GatewayAdmin(Channel listener) {
        this.listener = listener;
    }

    public static GatewayAdmin start(String host, int port, GatewayCounters counters, Transport transport,
            EventLoopGroup boss, EventLoopGroup workers) throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(4096),
                                new Handler(counters));
                    }
                });
        return new GatewayAdmin(GatewayServer.bind(b, "admin", host, port));
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
    }

    static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final GatewayCounters counters;

        Handler(GatewayCounters counters) {
            this.counters = counters;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            String path = request.uri();
            FullHttpResponse response;
            if (!path.equals("/counters")) {
                response = Responses.text(HttpResponseStatus.NOT_FOUND,
                        "not found; endpoints: GET /counters, DELETE /counters (returns, then resets)");
            } else if (request.method().equals(HttpMethod.GET) || request.method().equals(HttpMethod.DELETE)) {
                GatewayCounters.Snapshot snapshot = counters.snapshot();
                if (request.method().equals(HttpMethod.DELETE)) {
                    counters.reset();
                }
                response = Responses.text(HttpResponseStatus.OK, json(snapshot));
                response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
            } else {
                response = Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET or DELETE on /counters");
            }
            Responses.send(ctx, response, keepAlive);
        }
    }
}
