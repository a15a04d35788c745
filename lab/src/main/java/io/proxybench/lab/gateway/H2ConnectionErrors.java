package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http2.Http2CodecUtil;

/**
 * The last handler of an HTTP/2 client connection: an HTTP/2 connection error the client caused (a header list far
 * over the limit, a rapid-reset flood, a malformed frame) counts as a bad request and is left to the codec, which
 * tells the codec's handlers first and then sends GOAWAY and closes; any other error closes the connection here.
 */
final class H2ConnectionErrors extends ChannelInboundHandlerAdapter {

    private final GatewayCounters counters;

    H2ConnectionErrors(GatewayCounters counters) {
        this.counters = counters;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (Http2CodecUtil.getEmbeddedHttp2Exception(cause) != null) {
            counters.badRequest();
            return;
        }
        ctx.close();
    }
}
