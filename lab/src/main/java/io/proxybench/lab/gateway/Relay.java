package io.proxybench.lab.gateway;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.util.ReferenceCountUtil;
import java.util.ArrayDeque;
import java.util.Queue;

/**
 * Copies bytes from its channel to a peer with back-pressure: its channel reads on its own (auto-read) while the
 * peer is writable, and stops reading while the peer's outbound buffer is above its high-water mark (each side's
 * relay turns the other side's reading off and on as its own channel's writability changes). Chunks read in one
 * pass are flushed together at its end. Until the peer is {@link #attach attached} (an early CONNECT reply while
 * the exit still dials), chunks are held in order and nothing more is read. A half-close travels: when one side
 * stops sending (its input shut down), the other side's output is shut down after its pending writes, and a
 * channel whose both directions are shut is closed. A peer may be an HTTP/2 CONNECT stream behind
 * {@link StreamBytes}: its half-close is END_STREAM, and the stream closes by itself once both sides ended it. When
 * either side closes the other is closed after its pending writes. Writes to the peer take its void promise (no
 * promise and listener per chunk): one that fails raises the peer's {@code exceptionCaught}, which the peer's own
 * relay answers by closing it, and so this side closes too.
 */
final class Relay extends ChannelInboundHandlerAdapter {

    private final Queue<Object> held = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private Channel peer;
    private boolean inputShut;

    Relay(Channel peer) {
        this.peer = peer;
    }

    /** Connects the relay to its peer: held chunks are written, then reading starts. Event-loop thread only. */
    void attach(Channel peer) {
        this.peer = peer;
        Object msg;
        while ((msg = held.poll()) != null) {
            peer.write(msg, peer.voidPromise());
        }
        peer.flush();
        if (inputShut) {
            shutdownOutput(peer);
        } else if (ctx != null) {
            readWhilePeerWritable();
        }
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        if (peer != null && ctx.channel().isActive()) {
            readWhilePeerWritable();
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        if (peer != null) {
            readWhilePeerWritable();
        }
        ctx.fireChannelActive();
    }

    /** Starts reading on its own, or, if the peer cannot take more now, leaves that to its writability change. */
    private void readWhilePeerWritable() {
        if (peer.isWritable()) {
            ctx.channel().config().setAutoRead(true);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (peer == null) {
            held.add(msg);
            return;
        }
        peer.write(msg, peer.voidPromise());
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        if (peer != null) {
            peer.flush();
        }
    }

    /** This channel's outbound buffer crossed a water mark: the peer, whose bytes fill it, reads while it is low. */
    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (peer != null && peer.isActive()) {
            peer.config().setAutoRead(ctx.channel().isWritable());
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof ChannelInputShutdownEvent) {
            inputShut = true;
            if (peer != null) {
                shutdownOutput(peer);
            }
            closeIfBothShut(ctx.channel());
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** Ends {@code ch}'s output after its pending writes: a TCP half-close, or END_STREAM on an HTTP/2 stream. */
    private static void shutdownOutput(Channel ch) {
        if (ch instanceof Http2StreamChannel && ch.isActive()) {
            ch.writeAndFlush(new DefaultHttp2DataFrame(true));
            return;
        }
        if (!(ch instanceof DuplexChannel duplex) || !ch.isActive()) {
            return;
        }
        ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(f -> duplex.shutdownOutput().addListener(
                done -> closeIfBothShut(ch)));
    }

    private static void closeIfBothShut(Channel ch) {
        if (ch instanceof DuplexChannel d && d.isInputShutdown() && d.isOutputShutdown()) {
            ch.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        held.forEach(ReferenceCountUtil::release);
        held.clear();
        if (peer != null) {
            closeOnFlush(peer);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    static void closeOnFlush(Channel ch) {
        if (ch.isActive()) {
            ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
