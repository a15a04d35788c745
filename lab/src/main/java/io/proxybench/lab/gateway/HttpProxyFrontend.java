package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.client.session.SessionSyntaxException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * The HTTP/1.1 proxy side of the gateway port: {@code CONNECT host:port} opens a tunnel; an absolute-URI request
 * ({@code GET http://host/path}) is forwarded, the gateway owning the far connection. Requests are served one at
 * a time per connection; pipelined ones wait in order.
 */
final class HttpProxyFrontend extends ChannelInboundHandlerAdapter {

    static final String REALM = "Basic realm=\"proxybench lab\"";
    /** Hop-by-hop and proxy headers that never travel past the gateway (RFC 9110 section 7.6.1). */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION,
            HttpHeaderNames.KEEP_ALIVE, HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.PROXY_AUTHENTICATE,
            "proxy-connection", HttpHeaderNames.TE, HttpHeaderNames.TRAILER, HttpHeaderNames.UPGRADE);

    private final GatewayContext gw;
    private final Tunnels tunnels;
    private final Deque<Object> backlog = new ArrayDeque<>();
    private ForwardExchange current;
    private boolean tunnelling;

    HttpProxyFrontend(GatewayContext gw) {
        this.gw = gw;
        this.tunnels = new Tunnels(gw);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (tunnelling) {
            ReferenceCountUtil.release(msg);
        } else if (!backlog.isEmpty() || (current != null && msg instanceof HttpRequest)) {
            backlog.add(msg);
        } else {
            dispatch(ctx, msg);
        }
    }

    private void dispatch(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request && !tunnelling) {
            handle(ctx, request);
        } else if (msg instanceof HttpContent content && current != null) {
            current.fromClient(content);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    private void handle(ChannelHandlerContext ctx, HttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (request.decoderResult().isFailure()) {
            gw.counters().badRequest();
            Throwable cause = request.decoderResult().cause();
            boolean tooLong = cause instanceof TooLongFrameException;
            Responses.send(ctx, Responses.text(
                    tooLong ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE : HttpResponseStatus.BAD_REQUEST,
                    tooLong ? "request head is larger than " + gw.config().maxHeaderBytes() + " bytes"
                            : "malformed request head: " + cause.getMessage()), false);
            return;
        }
        Caller caller;
        try {
            String[] credentials = ProxyAuth.basic(request.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION));
            caller = credentials == null ? gw.config().auth().check(null, null)
                    : gw.config().auth().check(credentials[0], credentials[1]);
        } catch (ProxyAuth.AuthException e) {
            gw.counters().authFailure();
            FullHttpResponse denied = Responses.text(HttpResponseStatus.PROXY_AUTHENTICATION_REQUIRED,
                    "proxy authentication required");
            denied.headers().set(HttpHeaderNames.PROXY_AUTHENTICATE, REALM);
            reply(ctx, denied, keepAlive);
            return;
        } catch (SessionSyntaxException e) {
            badRequest(ctx, "bad session parameters in the proxy credentials: " + e.getMessage(), keepAlive);
            return;
        }
        if (request.method().equals(HttpMethod.CONNECT)) {
            connect(ctx, request, caller);
        } else {
            forward(ctx, request, caller, keepAlive);
        }
    }

    private void connect(ChannelHandlerContext ctx, HttpRequest request, Caller caller) {
        HostPort destination;
        try {
            destination = HostPort.parseAuthority(request.uri());
        } catch (IllegalArgumentException e) {
            badRequest(ctx, e.getMessage(), HttpUtil.isKeepAlive(request));
            return;
        }
        tunnelling = true;
        boolean early = gw.config().connectReply() == ConnectReply.EARLY;
        tunnels.open(ctx, caller, destination, GatewayCounters.Kind.CONNECT, early, new TunnelReply() {
            @Override
            public void refuse(Refusal refusal, String message) {
                tunnelling = false;
                HttpResponseStatus status = refusal == Refusal.FORBIDDEN ? HttpResponseStatus.FORBIDDEN
                        : HttpResponseStatus.BAD_GATEWAY;
                reply(ctx, Responses.text(status, message), HttpUtil.isKeepAlive(request));
            }

            @Override
            public void establish(InetSocketAddress bound, ChannelHandler next) {
                ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                        new HttpResponseStatus(200, "Connection established")));
                ctx.pipeline().replace(HttpProxyFrontend.this, "tunnel", next);
                ctx.pipeline().remove(HttpServerCodec.class);
            }
        });
    }

    private void forward(ChannelHandlerContext ctx, HttpRequest request, Caller caller, boolean keepAlive) {
        String uri = request.uri();
        if (!uri.regionMatches(true, 0, "http://", 0, 7)) {
            badRequest(ctx, uri.regionMatches(true, 0, "https://", 0, 8)
                    ? "https targets go through a tunnel: send CONNECT host:443, then TLS"
                    : "this is a proxy: send an absolute URI (GET http://host:port/path) or CONNECT host:port",
                    keepAlive);
            return;
        }
        URI target;
        try {
            target = new URI(uri);
        } catch (URISyntaxException e) {
            badRequest(ctx, "request target is not a valid absolute URI: " + e.getMessage(), keepAlive);
            return;
        }
        if (target.getHost() == null) {
            badRequest(ctx, "request target has no host; use GET http://host:port/path", keepAlive);
            return;
        }
        String host = target.getHost().startsWith("[")
                ? target.getHost().substring(1, target.getHost().length() - 1) : target.getHost();
        HostPort destination = new HostPort(host, target.getPort() < 0 ? 80 : target.getPort());
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        if (target.getRawQuery() != null) {
            path += "?" + target.getRawQuery();
        }
        HttpRequest upstreamRequest = new DefaultHttpRequest(HttpVersion.HTTP_1_1, request.method(), path);
        HttpHeaders headers = upstreamRequest.headers().set(request.headers());
        for (String listed : request.headers().getAll(HttpHeaderNames.CONNECTION)) {
            for (String name : listed.split(",")) {
                headers.remove(name.trim().toLowerCase(Locale.ROOT));
            }
        }
        HOP_BY_HOP.forEach(headers::remove);
        if (!headers.contains(HttpHeaderNames.HOST)) {
            headers.set(HttpHeaderNames.HOST, target.getRawAuthority());
        }
        current = new ForwardExchange(gw, ctx, caller, destination, upstreamRequest, keepAlive,
                keepClient -> exchangeDone(ctx, keepClient));
        current.start();
    }

    private void exchangeDone(ChannelHandlerContext ctx, boolean keepClient) {
        current = null;
        if (!keepClient) {
            backlog.forEach(ReferenceCountUtil::release);
            backlog.clear();
            return;
        }
        while (!backlog.isEmpty() && !(current != null && backlog.peek() instanceof HttpRequest)) {
            dispatch(ctx, backlog.poll());
        }
        if (current == null && !tunnelling) {
            ctx.read();
        }
    }

    private void badRequest(ChannelHandlerContext ctx, String reason, boolean keepAlive) {
        gw.counters().badRequest();
        reply(ctx, Responses.text(HttpResponseStatus.BAD_REQUEST, reason), keepAlive);
    }

    /** Answers without forwarding; a kept-alive connection then reads its next request. */
    private void reply(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        Responses.send(ctx, response, keepAlive);
        if (keepAlive) {
            ctx.read();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        backlog.forEach(ReferenceCountUtil::release);
        backlog.clear();
        ctx.fireChannelInactive();
    }
}
