package io.proxybench.lab.faults;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * Plays a leg's round trip on the gateway's side of it: every chunk the gateway sends across the leg is held for
 * the round trip before it leaves, in order, and a close waits behind the writes queued before it. Each exchange
 * across the leg (a TLS flight and its answer, a request and its response) thus pays the round trip once.
 * Incoming bytes are not held, so nothing is ever in flight inside the gateway when a connection ends; chunks
 * still waiting when the channel closes (a lab shutting down closes its channels under their pipelines, and may
 * never tell the handlers) or the handler leaves the pipeline are released and their writes failed, and closes still
 * waiting close the channel at once (so every close promise completes, e.g. a channel group's close on shutdown).
 *
 * <p>The write promise completes when the delayed write does, so a relay that reads only after a successful write
 * carries one chunk per round trip on this leg: a window of one chunk, not TCP's.
 */
public final class DelayHandler extends ChannelOutboundHandlerAdapter {

    private final long delayNanos;
    private final ArrayDeque<Held> queue = new ArrayDeque<>();
    private ScheduledFuture<?> timer;

    /** @param roundTrip how long each outgoing chunk waits */
    public DelayHandler(Duration roundTrip) {
        this.delayNanos = roundTrip.toNanos();
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        hold(ctx, new Held(0, msg, promise, () -> ctx.writeAndFlush(msg, promise)));
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        // Each delayed write flushes itself.
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        hold(ctx, new Held(0, null, promise, () -> ctx.close(promise)));
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        ctx.channel().closeFuture().addListener(f -> releaseHeld(ctx, true));
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        releaseHeld(ctx, false);
    }

    /**
     * Releases every chunk still held (failing its write) and completes every close still held: at once when the
     * channel is {@code closed} already, else (the handler is out of the pipeline then) by closing it; on the event loop.
     */
    private void releaseHeld(ChannelHandlerContext ctx, boolean closed) {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        Held h;
        while ((h = queue.poll()) != null) {
            if (h.msg == null) {
                if (closed) {
                    h.promise.trySuccess();
                } else {
                    ctx.channel().close(h.promise);
                }
            } else {
                ReferenceCountUtil.release(h.msg);
                h.promise.tryFailure(new ClosedChannelException());
            }
        }
    }

    /** Queues an item due one round trip from now (never before an earlier one) and arms the drain timer. */
    private void hold(ChannelHandlerContext ctx, Held item) {
        if (!ctx.channel().isOpen()) {
            // Closed already (its held items were let go then): nothing to wait for, and no timer may ever run.
            if (item.msg == null) {
                item.promise.trySuccess();
            } else {
                ReferenceCountUtil.release(item.msg);
                item.promise.tryFailure(new ClosedChannelException());
            }
            return;
        }
        long due = System.nanoTime() + delayNanos;
        Held last = queue.peekLast();
        if (last != null && last.dueNanos - due > 0) {
            due = last.dueNanos;
        }
        queue.add(new Held(due, item.msg, item.promise, item.action));
        if (timer == null) {
            timer = ctx.executor().schedule(() -> drain(ctx), due - System.nanoTime(), TimeUnit.NANOSECONDS);
        }
    }

    private void drain(ChannelHandlerContext ctx) {
        timer = null;
        long now = System.nanoTime();
        Held head;
        while ((head = queue.peek()) != null && head.dueNanos - now <= 0) {
            queue.poll().action.run();
        }
        if (head != null) {
            timer = ctx.executor().schedule(() -> drain(ctx), head.dueNanos - now, TimeUnit.NANOSECONDS);
        }
    }

    /** One held item: what to run when due, and the message (null for a close) and promise it owns until then. */
    private record Held(long dueNanos, Object msg, ChannelPromise promise, Runnable action) {}
}
