package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2Exception;

/**
 * The last handler of an HTTP/2 client connection: an HTTP/2 connection error the client caused (a header list far
 * over the limit, a rapid-reset flood, a malformed frame), for which the codec has already sent GOAWAY, counts as a
 * bad request; any error closes the connection.
 */
final class H2ConnectionErrors extends ChannelInboundHandlerAdapter {

    private final GatewayCounters counters;

    H2ConnectionErrors(GatewayCounters counters) {
        this.counters = counters;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof Http2Exception) {
            counters.badRequest();
        }
        ctx.close();
    }
}
