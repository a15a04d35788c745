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
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.Injection;
import io.proxybench.lab.faults.LatencyPlan;
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
 *
 * <p>The gateway's injected faults and latency change while it runs (see {@link Injection} for what keeps the old
 * ones): {@code POST /faults?refuse=F&reset_tls=F&stall=F} sets the fault plan for tunnels opened from then on,
 * stating it whole (a missing fraction is 0, so a bare {@code POST /faults} ends every fault; the seed stays, and the
 * draws start again from it); {@code POST /latency?client_rtt_ms=N&exit_setup_ms=N&target_rtt_ms=N} sets the legs
 * it names (a missing one keeps its value). Each answers the plan now in force, {@code GET /faults} and
 * {@code GET /latency} answer it too: {@code {"refuse": F, "reset_tls": F, "stall": F, "seed": S}} and
 * {@code {"client_rtt_ms": N, "exit_setup_ms": N, "target_rtt_ms": N}}. A bad query (an unknown or repeated
 * parameter, a fraction out of 0..1 or fractions adding up to more than 1, a latency out of
 * 0..{@link LatencyPlan#MAX_LEG}) gets 400 with the reason and changes nothing.
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
     * @param injection the gateway's fault and latency plans, which {@code /faults} and {@code /latency} read and set
     * @param stallTarget starts a target stall of the given length and returns the time until it ends; throws
     *     {@link IllegalArgumentException} for a length out of range
     * @throws IllegalStateException when the port cannot be bound
     */
    public static GatewayAdmin start(String host, int port, GatewayCounters counters, Injection injection,
            Function<Duration, Duration> stallTarget, Transport transport, EventLoopGroup boss,
            EventLoopGroup workers) throws InterruptedException {
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(4096),
                                new Handler(counters, injection, stallTarget));
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
        private final Injection injection;
        private final Function<Duration, Duration> stallTarget;

        Handler(GatewayCounters counters, Injection injection, Function<Duration, Duration> stallTarget) {
            this.counters = counters;
            this.injection = injection;
            this.stallTarget = stallTarget;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            QueryStringDecoder uri = new QueryStringDecoder(request.uri());
            FullHttpResponse response = switch (uri.path()) {
                case "/counters" -> counters(request.method());
                case "/stall" -> stall(request.method(), uri.parameters().get("ms"));
                case "/faults" -> faults(request.method(), uri.parameters());
                case "/latency" -> latency(request.method(), uri.parameters());
                default -> Responses.text(HttpResponseStatus.NOT_FOUND, "not found; endpoints: GET /counters,"
                        + " DELETE /counters (returns, then resets), POST /stall?ms=N (stalls the target N ms),"
                        + " GET or POST /faults?refuse=F&reset_tls=F&stall=F,"
                        + " GET or POST /latency?client_rtt_ms=N&exit_setup_ms=N&target_rtt_ms=N");
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

        private FullHttpResponse faults(HttpMethod method, Map<String, List<String>> query) {
            if (method.equals(HttpMethod.GET)) {
                return query.isEmpty() ? jsonResponse(json(InjectionQueries.json(injection.faults())))
                        : Responses.text(HttpResponseStatus.BAD_REQUEST,
                                "GET /faults takes no parameters; use POST /faults?refuse=F&reset_tls=F&stall=F");
            }
            if (!method.equals(HttpMethod.POST)) {
                return Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET or POST on /faults");
            }
            FaultPlan plan;
            try {
                plan = InjectionQueries.faults(query, injection.faults());
            } catch (IllegalArgumentException e) {
                return unchanged(e);
            }
            injection.faults(plan);
            return jsonResponse(json(InjectionQueries.json(plan)));
        }

        private FullHttpResponse latency(HttpMethod method, Map<String, List<String>> query) {
            if (method.equals(HttpMethod.GET)) {
                return query.isEmpty() ? jsonResponse(json(InjectionQueries.json(injection.latency())))
                        : Responses.text(HttpResponseStatus.BAD_REQUEST, "GET /latency takes no parameters; use"
                                + " POST /latency?client_rtt_ms=N&exit_setup_ms=N&target_rtt_ms=N");
            }
            if (!method.equals(HttpMethod.POST)) {
                return Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED, "use GET or POST on /latency");
            }
            LatencyPlan plan;
            try {
                plan = InjectionQueries.latency(query, injection.latency());
            } catch (IllegalArgumentException e) {
                return unchanged(e);
            }
            injection.latency(plan);
            return jsonResponse(json(InjectionQueries.json(plan)));
        }

        private static FullHttpResponse unchanged(IllegalArgumentException refused) {
            return Responses.text(HttpResponseStatus.BAD_REQUEST, refused.getMessage() + " (nothing changed)");
        }

        private static FullHttpResponse jsonResponse(String json) {
            FullHttpResponse response = Responses.text(HttpResponseStatus.OK, json);
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
            return response;
        }
    }
}
