package io.proxybench.lab.gateway;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Drops a client connection whose request head does not arrive within the header timeout, however the bytes
 * trickle in, so a slowloris client cannot hold a connection by sending a byte now and then (which the idle
 * timeout alone allows).
 *
 * <p>The first head's clock starts when the connection is accepted: the TLS handshake (on the {@code https://}
 * port) and the first HTTP request head or SOCKS5 command must both fit in it. On a kept-alive HTTP/1.1
 * connection each later head's clock starts at its first byte, so a connection may sit idle between requests
 * (until the idle timeout) but not dribble a head. The frontend calls {@link #met} when a head is complete,
 * {@link #awaitNextHead} when it reads for the next one, and {@link #remove} once the connection is a tunnel or
 * an HTTP/2 connection (which has no later HTTP/1.1 heads).
 */
final class HeadDeadline extends ChannelInboundHandlerAdapter {

    static final String NAME = "head-deadline";

    private final Duration timeout;
    private final GatewayCounters counters;
    private ChannelHandlerContext ctx;
    /** The running clock, null between a met head and the first byte of the next. */
    private ScheduledFuture<?> timer;
    /** Set by {@link #awaitNextHead}: the next bytes read start a new head's clock. */
    private boolean awaiting;

    HeadDeadline(Duration timeout, GatewayCounters counters) {
        this.timeout = timeout;
        this.counters = counters;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        arm();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        met();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (awaiting && msg instanceof ByteBuf bytes && bytes.isReadable()) {
            awaiting = false;
            arm();
        }
        ctx.fireChannelRead(msg);
    }

    private void arm() {
        met();
        timer = ctx.executor().schedule(() -> {
            if (ctx.channel().isActive()) {
                counters.slowClientDropped();
                ctx.close();
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** A request head arrived in time: its clock stops. Called on the channel's event loop. */
    void met() {
        awaiting = false;
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
    }

    /** The connection is kept alive for another request: that head's clock starts with its first byte. */
    void awaitNextHead() {
        awaiting = true;
    }

    /** The connection carries no more HTTP/1.1 heads or SOCKS5 commands: no deadline any more. */
    static void remove(ChannelPipeline pipeline) {
        if (pipeline.get(NAME) != null) {
            pipeline.remove(NAME);
        }
    }
}
