package io.proxybench.lab.target;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpChunkedInput;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SSLSession;

/**
 * Serves the target's endpoints to aggregated requests, one instance per HTTP/1.1 connection or HTTP/2 stream.
 *
 * <p>Responses leave in request order: while a {@code /delay} response is pending, or a request waits for a
 * {@linkplain TargetServer#stall stall} to end, reading pauses and requests already decoded wait in a queue. Each
 * request is counted in {@link TargetStats} when it arrives and numbered on its connection when it is served,
 * which is never before a stall's end. Waits are tasks scheduled on the channel's event loop, never blocking.
 */
final class TargetHandler extends ChannelInboundHandlerAdapter {

    /** Largest request body accepted, in bytes; the endpoints ignore bodies. */
    static final int MAX_REQUEST_BODY = 64 * 1024;
    /** Largest {@code /bytes/N}, in bytes (1 GiB). */
    static final long MAX_BYTES = 1L << 30;
    /** Longest {@code /delay/MS}, in milliseconds. */
    static final long MAX_DELAY_MS = 60_000;
    /** Status codes {@code /status/CODE} accepts. */
    static final int MIN_STATUS = 200;
    static final int MAX_STATUS = 599;

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(TargetHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Headers whose values {@code /anything} never echoes: a run keeps bodies in its records. */
    private static final Set<String> SECRET_HEADERS = Set.of("authorization", "proxy-authorization", "cookie");
    private static final String ENDPOINTS = """
            not found; the proxybench lab target serves:
              GET /cdn-cgi/trace   who the target sees: ip, loc, tls, ja4, http version, connection and request number
              GET /bytes/N         N bytes of application/octet-stream, 0 <= N <= 1073741824
              GET /page/N          an N-byte HTML page, 0 <= N <= 1048576, gzip'd when Accept-Encoding allows (compressed
                                   once per size); counts in /stats whether the lab_session cookie came back
              GET /login?to=PATH   302 to PATH (a path on this target) setting the lab_session cookie, one per source
                                   address (exit)
              GET /truncate/N      announces N bytes, sends N/2, then closes (HTTP/2: resets the stream), 2 <= N <= 1073741824
              GET /status/CODE     that status, 200 <= CODE <= 599
              GET /delay/MS        200 after MS milliseconds, 0 <= MS <= 60000
              GET /challenge       403 bot challenge page with cf-mitigated: challenge
              GET /limited         200, or 429 with Retry-After once this address's token bucket is empty
              GET /stats           request and connection counters as JSON, page requests by session cookie
                                   (page_cookies: returned, missing, foreign); DELETE /stats also resets them
              ANY /anything        the request as received, as JSON: method, path, query, http version, headers in
                                   order (credentials and cookies redacted), body length and SHA-256 (any size,
                                   streamed), ip, conn, req
            """;
    private static final byte[] CHALLENGE_PAGE = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head>
            <body><h1>Just a moment...</h1>
            <p>Checking your browser before accessing the proxybench lab target.</p>
            <p>This page stands in for a bot challenge; it never clears.</p></body></html>
            """.getBytes(StandardCharsets.UTF_8);

    private final SharedState shared;
    /** Requests decoded but not yet served, oldest first. */
    private final Deque<FullHttpRequest> waiting = new ArrayDeque<>();
    /** Whether a response is pending (a {@code /delay} or a stall): new requests then queue in {@link #waiting}. */
    private boolean delaying;

    TargetHandler(SharedState shared) {
        this.shared = shared;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        shared.stats().countRequest(ConnectionState.of(ctx.channel()).sourceText(),
                request.headers().contains(HttpHeaderNames.PROXY_AUTHORIZATION));
        if (delaying) {
            waiting.add(request);
        } else {
            serve(ctx, request);
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        waiting.forEach(FullHttpRequest::release);
        waiting.clear();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!(cause instanceof java.io.IOException)) {
            LOG.warn("lab target closes {} after an unexpected error", ctx.channel(), cause);
        }
        ctx.close();
    }

    private void serve(ChannelHandlerContext ctx, FullHttpRequest request) {
        long stalledNanos = shared.stall().remainingNanos();
        if (stalledNanos > 0) {
            hold(ctx, request, stalledNanos);
            return;
        }
        try {
            route(ctx, request, ConnectionState.of(ctx.channel()).nextRequest());
        } finally {
            request.release();
        }
    }

    private void route(ChannelHandlerContext ctx, FullHttpRequest request, long number) {
        HttpMethod method = request.method();
        boolean head = HttpMethod.HEAD.equals(method);
        if (request.decoderResult().isFailure()) {
            ctx.writeAndFlush(Responses.text(HttpResponseStatus.BAD_REQUEST, "malformed request\n", head))
                    .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        String path = pathOf(request.uri());
        if (path.equals("/stats") && HttpMethod.DELETE.equals(method)) {
            StatsSnapshot snapshot = shared.stats().snapshot();
            shared.stats().reset();
            ctx.writeAndFlush(Responses.full(HttpResponseStatus.OK, Responses.JSON, json(snapshot), false));
            return;
        }
        if (path.startsWith(AnythingBody.PATH)) {
            ctx.writeAndFlush(Responses.full(HttpResponseStatus.OK, Responses.JSON, anything(ctx.channel(),
                    (AnythingBody.Digested) request, number), head));
            return;
        }
        if (!head && !HttpMethod.GET.equals(method)) {
            FullHttpResponse response = Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    "method " + method + " not allowed; use GET or HEAD (or DELETE /stats)\n", false);
            response.headers().set(HttpHeaderNames.ALLOW, path.equals("/stats") ? "GET, HEAD, DELETE" : "GET, HEAD");
            ctx.writeAndFlush(response);
            return;
        }
        if (path.equals("/cdn-cgi/trace")) {
            ctx.writeAndFlush(Responses.text(HttpResponseStatus.OK, trace(ctx.channel(), request, number), head));
        } else if (path.startsWith("/bytes/")) {
            bytes(ctx, path.substring("/bytes/".length()), head);
        } else if (path.startsWith("/page/")) {
            page(ctx, request, path.substring("/page/".length()), head);
        } else if (path.equals("/login")) {
            login(ctx, request, head);
        } else if (path.startsWith("/truncate/")) {
            truncate(ctx, path.substring("/truncate/".length()), head);
        } else if (path.startsWith("/status/")) {
            status(ctx, path.substring("/status/".length()), head);
        } else if (path.startsWith("/delay/")) {
            delay(ctx, path.substring("/delay/".length()), head);
        } else if (path.equals("/challenge")) {
            FullHttpResponse response =
                    Responses.full(HttpResponseStatus.FORBIDDEN, Responses.HTML, CHALLENGE_PAGE, head);
            response.headers().set("cf-mitigated", "challenge");
            ctx.writeAndFlush(response);
        } else if (path.equals("/limited")) {
            limited(ctx, head);
        } else if (path.equals("/stats")) {
            ctx.writeAndFlush(
                    Responses.full(HttpResponseStatus.OK, Responses.JSON, json(shared.stats().snapshot()), head));
        } else {
            ctx.writeAndFlush(Responses.text(HttpResponseStatus.NOT_FOUND, ENDPOINTS, head));
        }
    }

    /** {@code /anything}: the request as it arrived, its body counted and hashed (by {@link AnythingBody}). */
    private byte[] anything(Channel channel, AnythingBody.Digested request, long number) {
        Map<String, Object> out = new LinkedHashMap<>();
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        out.put("method", request.method().name());
        out.put("path", pathOf(request.uri()));
        out.put("query", uri.rawQuery());
        out.put("http", channel instanceof Http2StreamChannel ? "http/2"
                : request.protocolVersion().text().toLowerCase(Locale.ROOT));
        List<List<String>> headers = new ArrayList<>();
        request.headers().forEach(h -> headers.add(List.of(h.getKey(), SECRET_HEADERS.contains(
                h.getKey().toLowerCase(Locale.ROOT)) ? "(redacted, " + h.getValue().length() + " characters)"
                : h.getValue())));
        out.put("headers", headers);
        out.put("body_bytes", request.bodyLength);
        out.put("body_sha256", request.bodySha256);
        ConnectionState connection = ConnectionState.of(channel);
        out.put("ip", connection.sourceText());
        out.put("conn", connection.id());
        out.put("req", number);
        try {
            return JSON.writeValueAsBytes(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write /anything's JSON", e);
        }
    }

    /** The Cloudflare-style trace: one {@code key=value} line per field, in a fixed order. */
    private String trace(Channel channel, FullHttpRequest request, long number) {
        ConnectionState connection = ConnectionState.of(channel);
        SslHandler ssl = ConnectionState.connectionOf(channel).pipeline().get(SslHandler.class);
        SSLSession session = ssl == null ? null : ssl.engine().getSession();
        long millis = System.currentTimeMillis();
        String http = channel instanceof Http2StreamChannel
                ? "http/2"
                : request.protocolVersion().text().toLowerCase(Locale.ROOT);
        boolean sni = session instanceof ExtendedSSLSession extended && sentSni(extended);
        return "fl=proxybench-lab\n"
                + "h=" + request.headers().get(HttpHeaderNames.HOST, "") + "\n"
                + "ip=" + connection.sourceText() + "\n"
                + "ts=" + String.format(Locale.ROOT, "%d.%03d", millis / 1000, millis % 1000) + "\n"
                + "visit_scheme=" + (ssl == null ? "http" : "https") + "\n"
                + "uag=" + request.headers().get(HttpHeaderNames.USER_AGENT, "") + "\n"
                + "colo=LAB\n"
                + "sliver=none\n"
                + "http=" + http + "\n"
                + "loc=" + shared.locate().apply(connection.source()) + "\n"
                + "tls=" + (session == null ? "off" : session.getProtocol()) + "\n"
                + "sni=" + (sni ? "plaintext" : "off") + "\n"
                + "ja4=" + (connection.ja4() == null ? "off" : connection.ja4()) + "\n"
                + "warp=off\n"
                + "conn=" + connection.id() + "\n"
                + "req=" + number + "\n";
    }

    /**
     * Whether the client sent a server name. A name that is not a valid host name (some clients send
     * {@code host:port}) still counts: the JDK refuses to build it, but it was sent in plaintext all the same.
     */
    private static boolean sentSni(ExtendedSSLSession session) {
        try {
            return !session.getRequestedServerNames().isEmpty();
        } catch (IllegalArgumentException notAHostName) {
            return true;
        }
    }

    private void bytes(ChannelHandlerContext ctx, String argument, boolean head) {
        OptionalLong length = parse(argument, 0, MAX_BYTES);
        if (length.isEmpty()) {
            badRequest(ctx, "/bytes/N needs an integer N from 0 to " + MAX_BYTES, head);
        } else if (head) {
            ctx.writeAndFlush(Responses.headersOnly(HttpResponseStatus.OK, Responses.OCTETS, length.getAsLong()));
        } else {
            ctx.write(Responses.headers(HttpResponseStatus.OK, Responses.OCTETS, length.getAsLong()));
            ctx.writeAndFlush(new HttpChunkedInput(new FillerInput(length.getAsLong())));
        }
    }

    /**
     * {@code /page/N}: the page, gzip'd when the request accepts it, and the session cookie it brought counted. The
     * body differs by Accept-Encoding, which {@code Vary} says.
     */
    private void page(ChannelHandlerContext ctx, FullHttpRequest request, String argument, boolean head) {
        OptionalLong size = parse(argument, 0, Pages.MAX_PAGE);
        if (size.isEmpty()) {
            badRequest(ctx, "/page/N needs an integer N from 0 to " + Pages.MAX_PAGE, head);
            return;
        }
        shared.stats().countPageCookie(shared.cookies().check(request.headers().getAll(HttpHeaderNames.COOKIE),
                ConnectionState.of(ctx.channel()).sourceText()));
        Pages.Page page = Pages.page((int) size.getAsLong());
        boolean gzip = Pages.acceptsGzip(request.headers().get(HttpHeaderNames.ACCEPT_ENCODING));
        FullHttpResponse response = Responses.full(HttpResponseStatus.OK, Responses.HTML,
                gzip ? page.gzip() : page.identity(), head);
        response.headers().set(HttpHeaderNames.VARY, HttpHeaderNames.ACCEPT_ENCODING);
        if (gzip) {
            response.headers().set(HttpHeaderNames.CONTENT_ENCODING, HttpHeaderValues.GZIP);
        }
        ctx.writeAndFlush(response);
    }

    /**
     * {@code /login?to=PATH}: a 302 to PATH setting the session cookie of the request's source address. PATH must be
     * a path on this target (it starts with one {@code /}), so the endpoint redirects nowhere else.
     */
    private void login(ChannelHandlerContext ctx, FullHttpRequest request, boolean head) {
        List<String> to = new QueryStringDecoder(request.uri()).parameters().get("to");
        if (to == null || to.size() != 1 || !to.get(0).startsWith("/") || to.get(0).startsWith("//")) {
            badRequest(ctx, "/login needs one to=PATH, a path on this target starting with a single /, e.g."
                    + " /login?to=/page/30000", head);
            return;
        }
        FullHttpResponse response = Responses.text(HttpResponseStatus.FOUND, "see " + to.get(0) + "\n", head);
        response.headers().set(HttpHeaderNames.LOCATION, to.get(0))
                .set(HttpHeaderNames.SET_COOKIE, shared.cookies().setCookie(ConnectionState.of(ctx.channel())
                        .sourceText()));
        ctx.writeAndFlush(response);
    }

    /**
     * A body cut short: the headers announce N bytes, the first N/2 go out, then the connection closes (an HTTP/2
     * stream is reset), as a target that crashes or drops the connection mid-response. HEAD gets the headers only.
     */
    private void truncate(ChannelHandlerContext ctx, String argument, boolean head) {
        OptionalLong length = parse(argument, 2, MAX_BYTES);
        if (length.isEmpty()) {
            badRequest(ctx, "/truncate/N needs an integer N from 2 to " + MAX_BYTES, head);
        } else if (head) {
            ctx.writeAndFlush(Responses.headersOnly(HttpResponseStatus.OK, Responses.OCTETS, length.getAsLong()));
        } else {
            ctx.write(Responses.headers(HttpResponseStatus.OK, Responses.OCTETS, length.getAsLong()));
            ctx.writeAndFlush(new UnfinishedBodyInput(new FillerInput(length.getAsLong() / 2)))
                    .addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Answers with the given status; 204, 205 and 304 get no body, as HTTP requires. */
    private void status(ChannelHandlerContext ctx, String argument, boolean head) {
        OptionalLong code = parse(argument, MIN_STATUS, MAX_STATUS);
        if (code.isEmpty()) {
            badRequest(ctx, "/status/CODE needs an integer CODE from " + MIN_STATUS + " to " + MAX_STATUS, head);
            return;
        }
        HttpResponseStatus status = HttpResponseStatus.valueOf((int) code.getAsLong());
        boolean bodiless = status.code() == 204 || status.code() == 205 || status.code() == 304;
        String body = bodiless ? "" : status.code() + " " + status.reasonPhrase() + "\n";
        ctx.writeAndFlush(Responses.text(status, body, head));
    }

    private void delay(ChannelHandlerContext ctx, String argument, boolean head) {
        OptionalLong millis = parse(argument, 0, MAX_DELAY_MS);
        if (millis.isEmpty()) {
            badRequest(ctx, "/delay/MS needs an integer MS from 0 to " + MAX_DELAY_MS, head);
            return;
        }
        pause(ctx);
        ctx.executor().schedule(() -> finishDelay(ctx, millis.getAsLong(), head), millis.getAsLong(),
                TimeUnit.MILLISECONDS);
    }

    /** Answers a {@code /delay} that has come due, or, during a stall, schedules that for the stall's end. */
    private void finishDelay(ChannelHandlerContext ctx, long millis, boolean head) {
        if (!ctx.channel().isActive()) {
            return;
        }
        long stalledNanos = shared.stall().remainingNanos();
        if (stalledNanos > 0) {
            ctx.executor().schedule(() -> finishDelay(ctx, millis, head), stalledNanos, TimeUnit.NANOSECONDS);
            return;
        }
        ctx.writeAndFlush(Responses.text(HttpResponseStatus.OK, "delayed " + millis + " ms\n", head));
        resume(ctx);
    }

    /**
     * Puts {@code request} back at the head of the queue until the stall ends, {@code stalledNanos} from now; the
     * stall is checked again then, in case it was extended.
     */
    private void hold(ChannelHandlerContext ctx, FullHttpRequest request, long stalledNanos) {
        waiting.addFirst(request);
        pause(ctx);
        ctx.executor().schedule(() -> resume(ctx), stalledNanos, TimeUnit.NANOSECONDS);
    }

    /** Stops reading while a response is pending; requests already decoded queue in {@link #waiting}. */
    private void pause(ChannelHandlerContext ctx) {
        delaying = true;
        ctx.channel().config().setAutoRead(false);
    }

    /** The pending response went out (or is due): serves the queue in order until one is pending again. */
    private void resume(ChannelHandlerContext ctx) {
        if (!ctx.channel().isActive()) {
            return;
        }
        delaying = false;
        while (!delaying && !waiting.isEmpty()) {
            serve(ctx, waiting.poll());
        }
        if (!delaying) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void limited(ChannelHandlerContext ctx, boolean head) {
        String source = ConnectionState.of(ctx.channel()).sourceText();
        long retryAfterSeconds = shared.limiter().take(source, System.nanoTime());
        if (retryAfterSeconds == 0) {
            ctx.writeAndFlush(Responses.text(HttpResponseStatus.OK, "ok\n", head));
            return;
        }
        FullHttpResponse response = Responses.text(HttpResponseStatus.TOO_MANY_REQUESTS,
                "rate limited; retry in " + retryAfterSeconds + " s\n", head);
        response.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
        ctx.writeAndFlush(response);
    }

    private static void badRequest(ChannelHandlerContext ctx, String reason, boolean head) {
        ctx.writeAndFlush(Responses.text(HttpResponseStatus.BAD_REQUEST, reason + "\n", head));
    }

    /** The decimal integer {@code text} when it lies in {@code [min, max]}, empty otherwise. */
    private static OptionalLong parse(String text, long min, long max) {
        try {
            long value = Long.parseLong(text);
            return value >= min && value <= max ? OptionalLong.of(value) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /** The decoded path of an origin-form or absolute-form request target, without the query. */
    static String pathOf(String uri) {
        if (uri.startsWith("/")) {
            return new QueryStringDecoder(uri).path();
        }
        try {
            return new QueryStringDecoder(new URI(uri)).path();
        } catch (URISyntaxException e) {
            return uri;
        }
    }

    private static byte[] json(StatsSnapshot snapshot) {
        try {
            return JSON.writeValueAsBytes(snapshot);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the target's stats", e);
        }
    }
}
