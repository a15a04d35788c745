package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2Stream;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.util.ReferenceCountUtil;

/**
 * Makes an HTTP/2 CONNECT stream look like a socket to the tunnel's handlers (RFC 9113 section 8.5): DATA frames in
 * are their bytes, and an END_STREAM in (on DATA or trailing HEADERS) is a {@link ChannelInputShutdownEvent}, as a
 * TCP half-close is; bytes written out leave as DATA frames, in order, each write completing once the stream's
 * flow-control window let it onto the connection. The stream's first HEADERS frame (the CONNECT request) passes
 * as it is. A stream closed by the gateway while still open either way is reset with {@code CONNECT_ERROR}, the
 * code RFC 9113 gives a broken TCP connection behind a CONNECT stream.
 */
final class StreamBytes extends ChannelDuplexHandler {

    private boolean requestSeen;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Http2DataFrame data) {
            boolean end = data.isEndStream();
            ByteBuf bytes = data.content();
            if (bytes.isReadable()) {
                ctx.fireChannelRead(bytes);
            } else {
                bytes.release();
                if (!end) {
                    ctx.read();
                }
            }
            if (end) {
                ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
            }
        } else if (msg instanceof Http2HeadersFrame headers && !requestSeen) {
            requestSeen = true;
            ctx.fireChannelRead(headers);
        } else if (msg instanceof Http2HeadersFrame trailers && trailers.isEndStream()) {
            ctx.fireUserEventTriggered(ChannelInputShutdownEvent.INSTANCE);
        } else {
            // Trailers without END_STREAM, unknown frames. (A RST_STREAM comes as an event; the stream then closes.)
            ReferenceCountUtil.release(msg);
            ctx.read();
        }
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        ctx.write(msg instanceof ByteBuf bytes ? new DefaultHttp2DataFrame(bytes) : msg, promise);
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        Http2StreamChannel stream = (Http2StreamChannel) ctx.channel();
        if (stream.parent().isActive() && stream.stream().state() != Http2Stream.State.CLOSED) {
            ctx.writeAndFlush(new DefaultHttp2ResetFrame(Http2Error.CONNECT_ERROR));
        }
        ctx.close(promise);
    }
}
