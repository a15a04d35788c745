package io.proxybench.client.internal.metrics;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * Counts the bytes a connection puts on and takes off the wire. It sits first in the pipeline, below every TLS
 * layer and proxy codec, so handshakes and CONNECT or SOCKS5 exchanges count. Totals are written by the
 * channel's event loop and may be read from any thread.
 */
public final class WireMeter extends ChannelDuplexHandler {

    public static final String NAME = "wire-meter";

    private volatile long bytesOut;
    private volatile long bytesIn;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        bytesIn += size(msg);
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        bytesOut += size(msg);
        ctx.write(msg, promise);
    }

    private static long size(Object msg) {
        if (msg instanceof ByteBuf b) {
            return b.readableBytes();
        }
        return msg instanceof ByteBufHolder h ? h.content().readableBytes() : 0;
    }

    /** Bytes written so far (queued for the socket). */
    public long bytesOut() {
        return bytesOut;
    }

    public long bytesIn() {
        return bytesIn;
    }
}
