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
import io.netty.handler.codec.http.QueryStringDecoder;
import io.proxybench.net.Transport;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The lab's admin endpoint on its own loopback port: {@code GET /counters} returns the gateway's counters as JSON,
 * {@code DELETE /counters} returns them and starts counting from zero, and {@code POST /stall?ms=N} stalls the
 * target for N milliseconds (its responses wait until then), answering
 * {@code {"stall_ms": N, "remaining_ms": R}} with R the milliseconds until the stall ends (more than N when a
 * longer stall was running). A bad {@code ms} gets 400 with the reason.
 */
public final class GatewayAdmin implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Channel listener;

    private GatewayAdmin(Channel listener) {
        this.listener = listener;
    }

    /**
     * Binds the endpoint.
     *
     * @param stallTarget starts a target stall of the given length and returns the time until it ends; throws
     *     {@link IllegalArgumentException} for a length out of range
     * @throws IllegalStateException when the port cannot be bound
     */
    public static GatewayAdmin start(String host, int port, GatewayCounters counters,
            Function<Duration, Duration> stallTarget, Transport transport, EventLoopGroup boss,
            EventLoopGroup workers) throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(4096),
                                new Handler(counters, stallTarget));
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
        private final Function<Duration, Duration> stallTarget;

        Handler(GatewayCounters counters, Function<Duration, Duration> stallTarget) {
            this.counters = counters;
            this.stallTarget = stallTarget;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            FullHttpResponse response = switch (uri.path()) {
                case "/counters" -> counters(request.method());
                case "/stall" -> stall(request.method(), uri.parameters().get("ms"));
                default -> Responses.text(HttpResponseStatus.NOT_FOUND, "not found; endpoints: GET /counters,"
                        + " DELETE /counters (returns, then resets), POST /stall?ms=N (stalls the target N ms)");
            };
            Responses.send(ctx, response, keepAlive);
        }

        private FullHttpResponse counters(HttpMethod method) {
            if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.DELETE)) {
                return Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET or DELETE on /counters");
            }
            GatewayCounters.Snapshot snapshot = counters.snapshot();
            if (method.equals(HttpMethod.DELETE)) {
                counters.reset();
            }
            return jsonResponse(json(snapshot));
        }

        /** {@code ms} holds the values of the {@code ms} query parameter, null when it is absent. */
        private FullHttpResponse stall(HttpMethod method, List<String> ms) {
            if (!method.equals(HttpMethod.POST)) {
                return Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "use POST /stall?ms=N");
            }
            if (ms == null || ms.size() != 1) {
                return Responses.text(HttpResponseStatus.BAD_REQUEST,
                        "POST /stall needs one ms=N, N the stall's length in milliseconds");
            }
            long millis;
            try {
                millis = Long.parseLong(ms.get(0));
            } catch (NumberFormatException e) {
                return Responses.text(HttpResponseStatus.BAD_REQUEST,
                        "ms must be a whole number of milliseconds, got '" + ms.get(0) + "'");
            }
            Duration remaining;
            try {
                remaining = stallTarget.apply(Duration.ofMillis(millis));
            } catch (IllegalArgumentException e) {
                return Responses.text(HttpResponseStatus.BAD_REQUEST, e.getMessage());
            }
            Map<String, Long> body = new LinkedHashMap<>();
            body.put("stall_ms", millis);
            body.put("remaining_ms", remaining.toMillis());
            return jsonResponse(json(body));
        }

        private static FullHttpResponse jsonResponse(String json) {
            FullHttpResponse response = Responses.text(HttpResponseStatus.OK, json);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
            return response;
        }
    }
}
