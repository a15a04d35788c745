package io.proxybench.client.tunnel;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2GoAwayFrame;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2ResetFrame;
import io.netty.handler.proxy.ProxyConnectException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.proxybench.client.proxy.ProxyCredentials;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Turns an HTTP/2 stream of a proxy connection into a tunnel that looks like a socket to the handlers above it
 * (origin TLS, then HTTP/1.1 or h2), as Netty's {@code HttpProxyHandler} does for a TCP connection.
 *
 * <p>Setup: when the stream is active it sends the CONNECT request, {@code :method} and {@code :authority} only plus
 * the stream's own {@code proxy-authorization} (RFC 9113 section 8.5); {@link #connectFuture()} succeeds on a 2xx
 * answer and fails with {@link StreamRefusedException} on any other status, closing the stream.
 *
 * <p>Then: DATA frames in are passed on as their bytes; {@link ByteBuf}s written out leave as DATA frames; an
 * END_STREAM in (the exit's TCP connection ended) is a {@link ChannelInputShutdownEvent}, after which the tunnel
 * closes, ending its own side with an empty END_STREAM DATA frame rather than a reset. A RST_STREAM in fails the
 * setup, or after it reaches the handlers above as a {@link StreamResetException}; Netty then closes the stream. So
 * does a GOAWAY that left this stream out (Netty tells only the streams above the proxy's last stream id).
 * Closing a tunnel whose input has not ended is left to Netty, which resets the stream with CANCEL.
 *
 * <p>Event-loop thread only, one instance per stream.
 */
public final class StreamTunnel extends ChannelDuplexHandler {

    private final String authority;
    private final ProxyCredentials credentials;
    /** Longest part of a refusal's body kept for the error message, in bytes. */
    static final int REASON_BYTES = 200;

    private Promise<Void> connected;
    /** The non-2xx status of a refusal whose body is still being read, 0 otherwise. */
    private int refusedWith;
    private final StringBuilder reason = new StringBuilder();
    private boolean requestSent;
    private boolean inputEnded;
    private boolean outputEnded;
    private volatile StreamResetException ended;

    /**
     * @param authority the target as {@code host:port} (brackets around an IPv6 literal)
     * @param credentials the account this stream authenticates with, null for none
     */
    public StreamTunnel(String authority, ProxyCredentials credentials) {
        this.authority = authority;
        this.credentials = credentials;
    }

    /** Completes when the proxy has answered the CONNECT: with success for 2xx, else with the reason. */
    public Future<Void> connectFuture() {
        return connected;
    }

    /**
     * The RST_STREAM or GOAWAY that ended the stream, null if none did: the reason behind the closed-channel errors
     * the handlers above may report for it (a TLS handshake cut short fails as "connection closed").
     */
    public StreamResetException endedBy() {
        return ended;
    }

    /** The CONNECT request headers this tunnel sends. */
    Http2Headers request() {
        Http2Headers headers = new DefaultHttp2Headers().method(HttpMethod.CONNECT.asciiName()).authority(authority);
        if (credentials != null) {
            String pair = credentials.user() + ":" + credentials.password();
            headers.set(HttpHeaderNames.PROXY_AUTHORIZATION,
                    "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        }
        return headers;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
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
        } else if (msg instanceof Http2HeadersFrame trailers && trailers.isEndStream()) {
            inputEnded(ctx);
        } else {
            ReferenceCountUtil.release(msg); // trailers without END_STREAM, unknown frames: nothing for a tunnel
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
            int code = status == null ? -1 : Integer.parseInt(status.toString());
            if (HttpStatusClass.valueOf(code) == HttpStatusClass.INFORMATIONAL && code != 101) {
                return; // 1xx: the answer is still to come
            }
            if (HttpStatusClass.valueOf(code) != HttpStatusClass.SUCCESS) {
                refusedWith = code;
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

    /** A refusal's body: kept up to {@link #REASON_BYTES} for the message, until the proxy ends the stream. */
    private void readReason(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof Http2DataFrame data) {
                ByteBuf bytes = data.content();
                int room = REASON_BYTES - reason.length();
                reason.append(bytes.toString(bytes.readerIndex(), Math.min(room, bytes.readableBytes()),
                        StandardCharsets.UTF_8));
            }
            if (msg instanceof Http2DataFrame data && data.isEndStream()
                    || msg instanceof Http2HeadersFrame trailers && trailers.isEndStream()
                    || reason.length() >= REASON_BYTES) {
                refused(ctx);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /** Fails the setup with the refusal's status and what the proxy said about it, credentials masked. */
    private void refused(ChannelHandlerContext ctx) {
        fail(ctx, new StreamRefusedException(authority, refusedWith, masked(reason.toString())));
    }

    /**
     * The proxy's words with the credentials this stream sent masked (a proxy may echo the user name), on one line.
     */
    private String masked(String text) {
        String line = text.strip().replaceAll("\\s+", " ");
        if (credentials != null) {
            for (String secret : new String[] {credentials.password(), credentials.user()}) {
                if (!secret.isEmpty()) {
                    line = line.replace(secret, "***");
                }
            }
        }
        return line;
    }

    /**
     * Why setup failed if it is still pending when the caller stops waiting: a refusal whose body never ended is
     * still the refusal, anything else is "no answer".
     */
    public Throwable timedOut(long waitedMillis) {
        return refusedWith != 0
                ? new StreamRefusedException(authority, refusedWith, masked(reason.toString()))
                : new ProxyConnectException("no answer to CONNECT within " + waitedMillis + " ms");
    }

    private void inputEnded(ChannelHandlerContext ctx) {
        inputEnded = true;
        ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        ctx.channel().close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        StreamResetException cause = evt instanceof Http2ResetFrame reset
                ? new StreamResetException("RST_STREAM", reset.errorCode())
                : evt instanceof Http2GoAwayFrame goAway ? new StreamResetException("GOAWAY", goAway.errorCode())
                : null;
        if (cause != null && refusedWith != 0) {
            ReferenceCountUtil.release(evt);
            refused(ctx); // a proxy may reset the stream it refused: the refusal is the reason
            return;
        }
        if (cause != null) {
            ended = cause;
            ReferenceCountUtil.release(evt);
            if (!connected.tryFailure(cause)) {
                ctx.fireExceptionCaught(cause);
            }
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (refusedWith != 0) {
            refused(ctx);
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
        if (inputEnded && !outputEnded && ctx.channel().isActive()) {
            outputEnded = true;
            ctx.writeAndFlush(new DefaultHttp2DataFrame(Unpooled.EMPTY_BUFFER, true));
        }
        ctx.close(promise);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        if (connected.tryFailure(cause)) {
            ctx.close();
        }
    }
}
