package io.proxybench.lab.gateway;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.DefaultHttp2ResetFrame;
import io.netty.handler.codec.http2.Http2Error;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.codec.http2.HttpConversionUtil;
import java.nio.charset.StandardCharsets;

/**
 * The gateway's own HTTP answers: a status and a one-line plain-text reason, sent over HTTP/1.1 or on an HTTP/2
 * stream.
 */
final class Responses {

    private Responses() {}

    static FullHttpResponse text(HttpResponseStatus status, String reason) {
        byte[] body = (reason + "\n").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=utf-8")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.SERVER, "proxybench-lab-gateway");
        return r;
    }

    /** Writes {@code response}; closes the connection afterwards unless {@code keepAlive}. */
    static ChannelFuture send(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        if (!keepAlive) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ChannelFuture f = ctx.writeAndFlush(response);
        if (!keepAlive) {
            f.addListener(ChannelFutureListener.CLOSE);
        }
        return f;
    }

    /**
     * Writes {@code response} on an HTTP/2 stream as HEADERS and a DATA frame that ends the stream, then resets the
     * stream with {@code reset} once they are on the connection (RFC 9113 section 8.1: {@code NO_ERROR} asks the
     * client to stop sending without error; {@code PROTOCOL_ERROR} marks a malformed request) and closes it.
     */
    static void sendOnStream(ChannelHandlerContext ctx, FullHttpResponse response, Http2Error reset) {
        Http2Headers headers = HttpConversionUtil.toHttp2Headers(response, false);
        ctx.write(new DefaultHttp2HeadersFrame(headers));
        ctx.writeAndFlush(new DefaultHttp2DataFrame(response.content(), true)).addListener(f -> {
            Channel stream = ctx.channel();
            if (stream.isActive()) {
                stream.writeAndFlush(new DefaultHttp2ResetFrame(reset));
                stream.close();
            }
        });
    }
}
