package io.proxybench.client.internal.connect;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.client.proxy.ProxyCredentials;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Turns an HTTP/2 stream of a proxy connection into a tunnel that looks like a socket to the handlers above it
 * (origin TLS, then HTTP/1.1 or h2), as Netty's {@code HttpProxyHandler} does for a TCP connection.
 *
 * <p>Setup: when the stream is active it sends the CONNECT request, {@code :method} and {@code :authority} only plus
 * the stream's own {@code proxy-authorization} (RFC 9113 section 8.5); {@link #connectFuture()} succeeds on a 2xx
 * answer and fails with {@link StreamRefusedException} on any other status (with the proxy's reason from the
 * answer's headers or body, {@link RefusalReason}), closing the stream.
 *
 * <p>Then: DATA frames in are passed on as their bytes; {@link ByteBuf}s written out leave as DATA frames; an
 * END_STREAM in (the exit's TCP connection ended) is a {@link ChannelInputShutdownEvent}, after which the tunnel
 * closes, ending its own side with an empty END_STREAM DATA frame rather than a reset. A RST_STREAM in fails the
 * setup, or after it reaches the handlers above as a {@link StreamResetException}; Netty then closes the stream. So
 * does a GOAWAY that left this stream out (Netty tells only the streams above the proxy's last stream id), and so,
 * as an {@link IOException} naming it, does the loss of the proxy connection. HEADERS on a connected stream are a
 * protocol error (section 8.5): the stream is reset with PROTOCOL_ERROR.
 *
 * <p>Closing a connected tunnel ends it the way a TCP close would, not with a reset: END_STREAM out (the proxy
 * closes the exit's connection to the target), then the close waits, up to {@link #LINGER_MILLIS}, for the proxy's
 * END_STREAM, reading and dropping whatever comes before it. A stream ended from both sides needs no RST_STREAM;
 * proxies count resets against abuse (Netty-based ones close the connection, and every tunnel on it, after 200 in
 * 30 s, the CVE-2023-44487 "rapid reset" guard), and a client that opens a tunnel per request would reach that in
 * seconds. Only a proxy that does not end its side in time, or a tunnel closed before its answer, gets a reset
 * (Netty's CANCEL).
 *
 * <p>Event-loop thread only, one instance per stream.
 */
public final class StreamTunnel extends ChannelDuplexHandler {

    /** How long a closed tunnel waits for the proxy's END_STREAM before resetting the stream, in milliseconds. */
    static final long LINGER_MILLIS = 2_000;

    private final String authority;
    private final ProxyCredentials credentials;
    /** Why the proxy connection under this stream closed, null when it closed without an error. */
    private final Supplier<Throwable> connectionClosedBy;
    private Promise<Void> connected;
    /** The non-2xx status of a refusal whose body is still being read, 0 otherwise. */
    private int refusedWith;
    /** The refusal's header fields, and the start of its body as received; null before a refusal. */
    private Http2Headers refusal;
    private BodyPrefix refusalBody;
    private boolean requestSent;
    /** The CONNECT request was never written, or the proxy said it did not process it: safe to send again. */
    private boolean unprocessed;
    private boolean inputEnded;
    private boolean outputEnded;
    /** The tunnel was closed while connected: it waits for the proxy's END_STREAM, dropping what comes first. */
    private boolean closing;
    /** The promise of that close, until it goes on to Netty; null before and after. */
    private ChannelPromise lingering;
    private ScheduledFuture<?> lingerTimer;
    private volatile IOException ended;
    /** The proxy connection this stream runs on, set when the handler is added. */
    private volatile Channel connection;

    /**
     * @param authority the target as {@code host:port} (brackets around an IPv6 literal)
     * @param credentials the account this stream authenticates with, null for none
     * @param connectionClosedBy why the proxy connection closed, asked when it has (null: no error seen)
     */
    public StreamTunnel(String authority, ProxyCredentials credentials, Supplier<Throwable> connectionClosedBy) {
        this.authority = authority;
        this.credentials = credentials;
        this.connectionClosedBy = connectionClosedBy;
    }

    /** Completes when the proxy has answered the CONNECT: with success for 2xx, else with the reason. */
    public Future<Void> connectFuture() {
        return connected;
    }

    /**
     * What ended the tunnel from below, null if nothing did: a RST_STREAM, a GOAWAY that left the stream out, or the
     * proxy connection's loss. It is the reason behind the closed-channel errors the handlers above may report for
     * it (a TLS handshake cut short fails as "connection closed"), known as soon as the connection is down, even
     * before this stream has heard of it.
     */
    public IOException endedBy() {
        IOException seen = ended;
        return seen == null && connectionLost() ? connectionLoss() : seen;
    }

    private boolean connectionLost() {
        Channel under = connection;
        return under != null && !under.isActive();
    }

    private IOException connectionLoss() {
        Throwable why = connectionClosedBy.get();
        return new IOException("the HTTP/2 connection to the proxy closed under the tunnel"
                + (why == null ? "" : ": " + why), why);
    }

    /**
     * True when setup failed and the proxy cannot have acted on this CONNECT (RFC 9113 section 8.7): its HEADERS
     * were never written, or the proxy refused the stream (REFUSED_STREAM) or left it out of a GOAWAY. Such a tunnel
     * may be asked for again on another connection.
     */
    public boolean unprocessed() {
        return unprocessed && connected.isDone() && !connected.isSuccess();
    }

    /** The CONNECT request headers this tunnel sends. */
    Http2Headers request() {
        Http2Headers headers = new DefaultHttp2Headers().method(HttpMethod.CONNECT.asciiName()).authority(authority);
        if (credentials != null) {
            headers.set(HttpHeaderNames.PROXY_AUTHORIZATION, "Basic " + credentials.basicToken());
        }
        return headers;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        connection = ctx.channel().parent();
        connected = ctx.executor().newPromise();
        if (ctx.channel().isActive()) {
            sendRequest(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        sendRequest(ctx);
        ctx.fireChannelActive();
    }

    private void sendRequest(ChannelHandlerContext ctx) {
        if (requestSent) {
            return;
        }
        requestSent = true;
        ctx.writeAndFlush(new DefaultHttp2HeadersFrame(request())).addListener(f -> {
            if (!f.isSuccess()) {
                unprocessed = true;
                fail(ctx, f.cause());
            }
        });
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refusedWith != 0) {
            readReason(ctx, msg);
            return;
        }
        if (closing) {
            lingerRead(ctx, msg);
            return;
        }
        if (!connected.isDone()) {
            answer(ctx, msg);
            return;
        }
        if (msg instanceof Http2DataFrame data) {
            boolean end = data.isEndStream();
            ByteBuf bytes = data.content();
            if (bytes.isReadable()) {
                ctx.fireChannelRead(bytes);
            } else {
                bytes.release();
            }
            if (end) {
                inputEnded(ctx);
            }
        } else if (msg instanceof Http2HeadersFrame) {
            ReferenceCountUtil.release(msg);
            protocolError(ctx, "the proxy sent HEADERS on a connected CONNECT stream");
        } else {
            ReferenceCountUtil.release(msg); // unknown frame types: nothing for a tunnel
        }
    }

    /** The proxy's answer to the CONNECT, or anything it sent before one. */
    private void answer(ChannelHandlerContext ctx, Object msg) {
        try {
            if (!(msg instanceof Http2HeadersFrame headers)) {
                fail(ctx, new ProxyConnectException("the proxy sent " + msg.getClass().getSimpleName()
                        + " on a CONNECT stream before answering it"));
                return;
            }
            CharSequence status = headers.headers().status();
            if (status == null) {
                fail(ctx, new ProxyConnectException("the proxy answered CONNECT without a :status"));
                return;
            }
            int code = Integer.parseInt(status.toString());
            if (HttpStatusClass.valueOf(code) == HttpStatusClass.INFORMATIONAL && code != 101) {
                return; // 1xx: the answer is still to come
            }
            if (HttpStatusClass.valueOf(code) != HttpStatusClass.SUCCESS) {
                refusedWith = code;
                refusal = headers.headers();
                refusalBody = new BodyPrefix();
                if (headers.isEndStream()) {
                    refused(ctx);
                }
                return;
            }
            connected.trySuccess(null);
            if (headers.isEndStream()) {
                inputEnded(ctx);
            }
        } catch (NumberFormatException e) {
            fail(ctx, new ProxyConnectException("the proxy answered CONNECT with a bad :status", e));
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** A refusal's body: kept for its reason until the proxy ends the stream or enough of it has come. */
    private void readReason(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2DataFrame data) {
                refusalBody.append(data.content());
            }
            if (msg instanceof Http2DataFrame data && data.isEndStream()
                    || msg instanceof Http2HeadersFrame trailers && trailers.isEndStream()
                    || refusalBody.full()) {
                refused(ctx);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** Fails the setup with the refusal's status and what the proxy said about it. */
    private void refused(ChannelHandlerContext ctx) {
        fail(ctx, refusedException());
    }

    /** The refusal, with the proxy's reason as {@link RefusalReason} reads it from what has come so far. */
    private StreamRefusedException refusedException() {
        return new StreamRefusedException(authority, refusedWith, RefusalReason.of(refusal, refusalBody, credentials));
    }

    /**
     * Why setup failed if it is still pending when the caller stops waiting: a refusal whose body never ended is
     * still the refusal, anything else is "no answer".
     */
    public Throwable timedOut(long waitedMillis) {
        return refusedWith != 0
                ? refusedException()
                : new ProxyConnectException("no answer to CONNECT within " + waitedMillis + " ms");
    }

    private void inputEnded(ChannelHandlerContext ctx) {
        inputEnded = true;
        ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        ctx.channel().close();
    }

    /** A stream error of the proxy's making: reset the stream, and fail whatever waits on the tunnel. */
    private void protocolError(ChannelHandlerContext ctx, String what) {
        IOException cause = new IOException(what + " (RFC 9113 section 8.5); the stream was reset");
        ended = cause;
        ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.PROTOCOL_ERROR));
        if (!connected.tryFailure(cause)) {
            ctx.fireExceptionCaught(cause);
        }
        ctx.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        StreamResetException cause = evt instanceof Http2ResetFrame reset
                ? new StreamResetException("RST_STREAM", reset.errorCode())
                : evt instanceof Http2GoAwayFrame goAway ? new StreamResetException("GOAWAY", goAway.errorCode())
                : null;
        if (cause == null) {
            ctx.fireUserEventTriggered(evt);
            return;
        }
        ReferenceCountUtil.release(evt);
        if (closing) {
            endLinger(ctx); // the proxy ended the stream its own way while the tunnel was closing: nothing to report
            return;
        }
        if (refusedWith != 0) {
            refused(ctx); // a proxy may reset the stream it refused: the refusal is the reason
            return;
        }
        ended = cause;
        if (!connected.isDone()) {
            unprocessed = evt instanceof Http2GoAwayFrame || cause.errorCode() == Http2Error.REFUSED_STREAM.code();
            connected.tryFailure(cause);
        } else {
            ctx.fireExceptionCaught(cause);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!connected.tryFailure(cause)) {
            ctx.fireExceptionCaught(cause);
        } else {
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (refusedWith != 0) {
            refused(ctx);
        }
        if (ended == null && connectionLost()) {
            ended = connectionLoss();
            if (!connected.tryFailure(ended)) {
                ctx.fireExceptionCaught(ended);
            }
        }
        connected.tryFailure(new ProxyConnectException("the CONNECT stream closed before the proxy answered"));
        ctx.fireChannelInactive();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        ctx.write(msg instanceof ByteBuf bytes ? new DefaultHttp2DataFrame(bytes) : msg, promise);
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        if (closing) {
            ctx.channel().closeFuture().addListener(f -> promise.trySuccess());
            return;
        }
        boolean open = ctx.channel().isActive() && !outputEnded && ended == null; // a reset stream is over
        if (open && connected.isSuccess() && !inputEnded) {
            outputEnded = true;
            closing = true;
            lingering = promise;
            ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.EMPTY_BUFFER, true));
            lingerTimer = ctx.executor().schedule(() -> endLinger(ctx), LINGER_MILLIS, TimeUnit.MILLISECONDS);
            // Netty closes the stream itself once both sides have ended it.
            ctx.channel().closeFuture().addListener(f -> endLinger(ctx));
            return;
        }
        if (open && inputEnded) {
            outputEnded = true;
            ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.EMPTY_BUFFER, true));
        }
        ctx.close(promise);
    }

    /** While closing: bytes are dropped (nothing above reads them now), the proxy's END_STREAM ends the wait. */
    private void lingerRead(ChannelHandlerContext ctx, Object msg) {
        boolean end = msg instanceof Http2DataFrame data && data.isEndStream()
                || msg instanceof Http2HeadersFrame headers && headers.isEndStream();
        ReferenceCountUtil.release(msg);
        if (end) {
            inputEnded = true;
            endLinger(ctx);
        }
    }

    /** Finishes a waiting close: cleanly once both sides ended the stream, with Netty's reset after the linger. */
    private void endLinger(ChannelHandlerContext ctx) {
        ChannelPromise promise = lingering;
        if (promise == null) {
            return;
        }
        lingering = null;
        lingerTimer.cancel(false);
        if (ctx.channel().isOpen()) {
            ctx.close(promise);
        } else {
            promise.trySuccess();
        }
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (connected.tryFailure(cause)) {
            ctx.close();
        }
    }
}
