package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP/2 stream of the {@code https://} port as a CONNECT tunnel (RFC 9113 section 8.5): its HEADERS carry
 * {@code :method CONNECT}, {@code :authority host:port} and no {@code :scheme} or {@code :path}, plus the stream's own
 * {@code proxy-authorization}, so each stream has its own session and exit. The stream is answered as an HTTP/1.1
 * CONNECT is, by {@link Tunnels} and the gateway's {@link ConnectReply} setting: {@code :status 200} and the bytes
 * relayed, or a refusal status (407, 403, 502, 400) that ends and resets this stream only.
 */
final class H2ConnectFrontend extends ChannelInboundHandlerAdapter {

    private final GatewayContext gw;
    /** DATA the client sent after its CONNECT, kept in order until the tunnel opens or is refused. */
    private final List<ByteBuf> held = new ArrayList<>();
    private boolean requested;
    private boolean inputShut;

    H2ConnectFrontend(GatewayContext gw) {
        this.gw = gw;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        ctx.read();
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Http2HeadersFrame headers && !requested) {
            requested = true;
            inputShut = headers.isEndStream();
            request(ctx, headers.headers());
        } else if (msg instanceof ByteBuf bytes) {
            held.add(bytes);
        } else {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            inputShut = true;
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    private void request(ChannelHandlerContext ctx, Http2Headers headers) {
        boolean connect = HttpMethod.CONNECT.asciiName().contentEquals(headers.method());
        if (connect && (headers.scheme() != null || headers.path() != null || headers.authority() == null)) {
            gw.counters().badRequest();
            Responses.sendOnStream(ctx, Responses.text(HttpResponseStatus.BAD_REQUEST, "an HTTP/2 CONNECT carries"
                    + " :authority host:port and no :scheme or :path (RFC 9113 section 8.5)"), Http2Error.PROTOCOL_ERROR);
            return;
        }
        CharSequence authorization = headers.get(HttpHeaderNames.PROXY_AUTHORIZATION);
        Admission admission = Admission.check(gw, authorization == null ? null : authorization.toString());
        if (admission.refusal() != null) {
            refuse(ctx, admission.refusal());
            return;
        }
        if (!connect) {
            gw.counters().badRequest();
            FullHttpResponse notAllowed = Responses.text(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    "the gateway's HTTP/2 streams carry CONNECT host:port only; forward plain HTTP over HTTP/1.1");
            notAllowed.headers().set(HttpHeaderNames.ALLOW, HttpMethod.CONNECT.name());
            refuse(ctx, notAllowed);
            return;
        }
        HostPort destination;
        try {
            destination = HostPort.parseAuthority(headers.authority().toString());
        } catch (IllegalArgumentException e) {
            gw.counters().badRequest();
            refuse(ctx, Responses.text(HttpResponseStatus.BAD_REQUEST, e.getMessage()));
            return;
        }
        boolean early = gw.config().connectReply() == ConnectReply.EARLY;
        new Tunnels(gw).open(ctx, admission.caller(), destination, GatewayCounters.Kind.H2_CONNECT, early,
                new TunnelReply() {
                    @Override
                    public void refuse(Refusal refusal, String message) {
                        H2ConnectFrontend.this.refuse(ctx, Responses.text(refusal.httpStatus(), message));
                    }

                    @Override
                    public void establish(InetSocketAddress bound, ChannelHandler next) {
                        ctx.writeAndFlush(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers().status("200")));
                        ctx.pipeline().addAfter(ctx.name(), "tunnel", next);
                        HeldBytes.replay(ctx, held);
                        if (inputShut) {
                            ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
                        }
                        ctx.pipeline().remove(H2ConnectFrontend.this);
                    }
                });
    }

    /** Answers {@code response} on this stream only, which then ends; the connection's other streams go on. */
    private void refuse(ChannelHandlerContext ctx, FullHttpResponse response) {
        Responses.sendOnStream(ctx, response, Http2Error.NO_ERROR);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
    }
}
