package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObject;
import io.netty.util.ReferenceCountUtil;

/**
 * The last handler of a forward-mode upstream connection: hands responses to the exchange that holds the
 * connection. An idle connection that receives anything is out of step with its server and is closed.
 */
final class ForwardUpstream extends ChannelInboundHandlerAdapter {

    private volatile ForwardExchange exchange;

    void bind(ForwardExchange exchange) {
        this.exchange = exchange;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ForwardExchange current = exchange;
        if (current == null || !(msg instanceof HttpObject)) {
            ReferenceCountUtil.release(msg);
            ctx.close();
            return;
        }
        current.fromUpstream(ctx.channel(), (HttpObject) msg);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        ForwardExchange current = exchange;
        if (current != null) {
            current.upstreamClosed(ctx.channel());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
