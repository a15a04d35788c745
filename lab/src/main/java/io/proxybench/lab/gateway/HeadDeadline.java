package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerAdapter;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Drops a client connection that has not made its first request within the header timeout of being accepted:
 * the TLS handshake (on the {@code https://} port) and the first HTTP request head or SOCKS5 command must both
 * fit in it, however the bytes trickle in, so a slowloris client cannot hold a connection by sending a byte now
 * and then (which the idle timeout alone allows). The frontend that sees the request calls {@link #met}, which
 * removes this handler and its timer.
 */
final class HeadDeadline extends ChannelHandlerAdapter {

    static final String NAME = "head-deadline";

    private final Duration timeout;
    private final GatewayCounters counters;
    private ScheduledFuture<?> timer;

    HeadDeadline(Duration timeout, GatewayCounters counters) {
        this.timeout = timeout;
        this.counters = counters;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        timer = ctx.executor().schedule(() -> {
            if (ctx.channel().isActive()) {
                counters.slowClientDropped();
                ctx.close();
            }
        }, timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        timer.cancel(false);
    }

    /** The connection made its first request in time: no deadline any more. */
    static void met(ChannelPipeline pipeline) {
        if (pipeline.get(NAME) != null) {
            pipeline.remove(NAME);
        }
    }
}
