package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
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
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * The HTTP/1.1 proxy side of the gateway port: {@code CONNECT host:port} opens a tunnel; an absolute-URI request
 * ({@code GET http://host/path}) is forwarded, the gateway owning the far connection. Requests are served one at
 * a time per connection; pipelined ones wait in order.
 */
final class HttpProxyFrontend extends ChannelInboundHandlerAdapter {

    static final String CODEC = "http";
    static final String EXPECT = "expect-continue";
    private static final String ESTABLISHED = "HTTP/1.1 200 Connection established\r\n\r\n";
    /** Hop-by-hop and proxy headers that never travel past the gateway (RFC 9110 section 7.6.1). */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION,
            HttpHeaderNames.KEEP_ALIVE, HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.PROXY_AUTHENTICATE,
            "proxy-connection", HttpHeaderNames.TE, HttpHeaderNames.TRAILER, HttpHeaderNames.UPGRADE);

    private final GatewayContext gw;
    private final HeadDeadline deadline;
    private final Tunnels tunnels;
    private final Deque<Object> backlog = new ArrayDeque<>();
    /** Bytes the client sent after a CONNECT head, kept in order until the tunnel opens or is refused. */
    private final List<ByteBuf> held = new ArrayList<>();
    private ForwardExchange current;
    private boolean tunnelling;

    HttpProxyFrontend(GatewayContext gw, HeadDeadline deadline) {
        this.gw = gw;
        this.deadline = deadline;
        this.tunnels = new Tunnels(gw);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (tunnelling) {
            if (msg instanceof ByteBuf raw) {
                held.add(raw);
            } else {
                ReferenceCountUtil.release(msg);
            }
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
            // The body of a request already answered: drain it, then read on for the next request. Its bytes are no
            // head, though they may have started the next head's clock: that clock starts after the body's end.
            deadline.met();
            if (msg instanceof LastHttpContent) {
                deadline.awaitNextHead();
            }
            ReferenceCountUtil.release(msg);
            ctx.read();
        }
    }

    private void handle(ChannelHandlerContext ctx, HttpRequest request) {
        deadline.met();
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
        Admission admission = Admission.check(gw, request.headers().get(HttpHeaderNames.PROXY_AUTHORIZATION));
        if (admission.refusal() != null) {
            reply(ctx, admission.refusal(), keepAlive);
            return;
        }
        Caller caller = admission.caller();
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
        // Whatever follows the CONNECT head belongs to the tunnel: take the HTTP codec out now, before it can
        // decode those bytes as HTTP, and hold them until the tunnel opens (or put them back if it is refused).
        tunnelling = true;
        ctx.pipeline().remove(HttpServerCodec.class);
        boolean early = gw.config().connectReply() == ConnectReply.EARLY;
        tunnels.open(ctx, caller, destination, GatewayCounters.Kind.CONNECT, early, new TunnelReply() {
            @Override
            public void refuse(Refusal refusal, String message) {
                tunnelling = false;
                ctx.pipeline().addBefore(EXPECT, CODEC, codec());
                boolean keepAlive = HttpUtil.isKeepAlive(request);
                Responses.send(ctx, Responses.text(refusal.httpStatus(), message), keepAlive);
                replayHeld(ctx);
                if (keepAlive && current == null) {
                    readNextHead(ctx);
                } else if (keepAlive) {
                    ctx.read(); // a replayed request is being forwarded: its exchange awaits the next head
                }
            }

            @Override
            public void establish(InetSocketAddress bound, ChannelHandler next) {
                ctx.writeAndFlush(Unpooled.copiedBuffer(ESTABLISHED, StandardCharsets.US_ASCII));
                ctx.pipeline().addAfter(ctx.name(), "tunnel", next);
                HeldBytes.replay(ctx, held);
                ctx.pipeline().remove(EXPECT);
                ctx.pipeline().remove(HttpProxyFrontend.this);
                HeadDeadline.remove(ctx.pipeline());
            }
        });
    }

    /** The HTTP/1.1 server codec with the gateway's head limits. */
    HttpServerCodec codec() {
        int max = gw.config().maxHeaderBytes();
        return new HttpServerCodec(Math.min(max, 8192), max, 8192);
    }

    /** Feeds bytes held during a refused CONNECT back through the restored codec, as the next requests. */
    private void replayHeld(ChannelHandlerContext ctx) {
        ChannelHandlerContext codec = ctx.pipeline().context(CODEC);
        for (ByteBuf raw : held) {
            try {
                ((HttpServerCodec) codec.handler()).channelRead(codec, raw);
            } catch (Exception e) {
                ctx.fireExceptionCaught(e);
            }
        }
        held.clear();
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
        int port = target.getPort() < 0 ? 80 : target.getPort();
        if (port < 1 || port > 65535) {
            badRequest(ctx, "port " + port + " in the request target is outside 1..65535", keepAlive);
            return;
        }
        HostPort destination = new HostPort(host, port);
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
        // RFC 9112 section 3.2.2: the target URI's authority replaces any Host the client sent; user info never
        // travels on.
        headers.set(HttpHeaderNames.HOST, target.getPort() < 0 ? target.getHost() : target.getHost() + ":" + port);
        current = new ForwardExchange(gw, ctx, caller, destination, upstreamRequest, keepAlive,
                request.protocolVersion(), keepClient -> exchangeDone(ctx, keepClient));
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
            readNextHead(ctx);
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
            readNextHead(ctx);
        }
    }

    /** Reads on for the next request on a kept-alive connection, whose head gets the header timeout again. */
    private void readNextHead(ChannelHandlerContext ctx) {
        deadline.awaitNextHead();
        ctx.read();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (current != null) {
            current.clientClosed();
        }
        backlog.forEach(ReferenceCountUtil::release);
        backlog.clear();
        held.forEach(ReferenceCountUtil::release);
        held.clear();
        ctx.fireChannelInactive();
    }
}
