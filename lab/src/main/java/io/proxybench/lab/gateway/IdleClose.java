package io.proxybench.lab.gateway;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.timeout.IdleStateEvent;

/**
 * Closes a channel that carried nothing either way for the idle timeout (an {@code IdleStateHandler} before it
 * says when): a client connection with its tunnel, or one HTTP/2 CONNECT stream with its upstream.
 */
final class IdleClose extends ChannelDuplexHandler {

    private final GatewayCounters counters;

    IdleClose(GatewayCounters counters) {
        this.counters = counters;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            counters.idleTimeout();
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }
}
