package io.proxybench.lab.faults;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Holds every chunk crossing a channel for a one-way delay, in both directions, keeping order: a chunk is never
 * released before an earlier one. A close waits for the writes queued before it, and the end of input waits for
 * the reads queued before it, so no byte is lost or reordered.
 *
 * <p>The write promise completes when the delayed write does, so a relay that reads only after a successful write
 * carries at most one chunk per one-way delay on this leg: a window of one chunk, not TCP's.
 */
public final class DelayHandler extends ChannelDuplexHandler {

    private final long oneWayNanos;
    private long lastWriteDueNanos;
    private long lastReadDueNanos;

    public DelayHandler(Duration oneWay) {
        this.oneWayNanos = oneWay.toNanos();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        lastReadDueNanos = schedule(ctx, lastReadDueNanos, () -> ctx.fireChannelRead(msg));
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        lastReadDueNanos = schedule(ctx, lastReadDueNanos, ctx::fireChannelReadComplete);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        lastReadDueNanos = schedule(ctx, lastReadDueNanos, () -> ctx.fireUserEventTriggered(evt));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        lastReadDueNanos = schedule(ctx, lastReadDueNanos, ctx::fireChannelInactive);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        lastWriteDueNanos = schedule(ctx, lastWriteDueNanos, () -> ctx.writeAndFlush(msg, promise));
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        // Each delayed write flushes itself.
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        lastWriteDueNanos = schedule(ctx, lastWriteDueNanos, () -> ctx.close(promise));
    }

    /** Runs {@code task} one delay from now, but not before {@code previousDueNanos}; returns its due time. */
    private long schedule(ChannelHandlerContext ctx, long previousDueNanos, Runnable task) {
        long now = System.nanoTime();
        long due = now + oneWayNanos;
        if (previousDueNanos - due > 0) {
            due = previousDueNanos;
        }
        ctx.executor().schedule(task, due - now, TimeUnit.NANOSECONDS);
        return due;
    }
}
