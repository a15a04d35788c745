package io.proxybench.lab.target;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Takes the body of an {@code /anything} request as it arrives, counting and hashing it, so that a body of any size
 * reaches the target in constant memory; the request then goes on as a {@link Digested} with no content (one that
 * arrives whole is digested the same way, so the target sees only {@link Digested} for that path). Every other
 * request passes untouched (to the aggregator and its size limit). Answers {@code Expect: 100-continue} for the
 * requests it takes.
 */
final class AnythingBody extends ChannelInboundHandlerAdapter {

    /** The path prefix whose bodies this takes. */
    static final String PATH = "/anything";

    private HttpRequest head;
    private MessageDigest sha256;
    private long length;

    /** An {@code /anything} request whose body was counted and hashed on its way in. */
    static final class Digested extends DefaultFullHttpRequest {
        final long bodyLength;
        final String bodySha256;

        Digested(HttpRequest head, long bodyLength, String bodySha256) {
            super(head.protocolVersion(), head.method(), head.uri(), Unpooled.EMPTY_BUFFER, head.headers(),
                    EmptyHttpHeaders.INSTANCE);
            setDecoderResult(head.decoderResult());
            this.bodyLength = bodyLength;
            this.bodySha256 = bodySha256;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (head == null && msg instanceof FullHttpRequest full && full.decoderResult().isSuccess()
                && !(msg instanceof Digested) && TargetHandler.pathOf(full.uri()).startsWith(PATH)) {
            // Whole already (an HTTP/2 request that ended with its headers): digested here all the same.
            MessageDigest digest = sha256();
            digest.update(full.content().nioBuffer());
            Digested done = new Digested(full, full.content().readableBytes(),
                    HexFormat.of().formatHex(digest.digest()));
            full.release();
            ctx.fireChannelRead(done);
            return;
        }
        if (head == null && msg instanceof HttpRequest request && !(msg instanceof FullHttpRequest)
                && TargetHandler.pathOf(request.uri()).startsWith(PATH) && request.decoderResult().isSuccess()) {
            head = request;
            sha256 = sha256();
            length = 0;
            if (HttpUtil.is100ContinueExpected(request)) {
                request.headers().remove(HttpHeaderNames.EXPECT);
                ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
            }
            if (!(msg instanceof HttpContent)) {
                return;
            }
        }
        if (head != null && msg instanceof HttpContent content) {
            try {
                length += content.content().readableBytes();
                sha256.update(content.content().nioBuffer());
            } finally {
                ReferenceCountUtil.release(msg);
            }
            if (msg instanceof LastHttpContent) {
                Digested done = new Digested(head, length, HexFormat.of().formatHex(sha256.digest()));
                head = null;
                ctx.fireChannelRead(done);
            }
            return;
        }
        ctx.fireChannelRead(msg);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
