package io.proxybench.lab.gateway;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http2.Http2FrameLogger;
import io.netty.handler.codec.http2.Http2Headers;
import io.netty.handler.logging.LogLevel;

/**
 * Counts, as bad requests, the {@code 431} answers Netty's HTTP/2 codec sends on its own when a stream's header list
 * is over the gateway's {@code maxHeaderBytes} (up to 1.25 times it; past that the codec closes the connection, which
 * {@link H2ConnectionErrors} counts). The codec sends them below every handler, so its frame logger, which sees each
 * frame written, is the one place they show; it logs nothing.
 */
final class H2OversizedHeads extends Http2FrameLogger {

    private static final String TOO_LARGE = HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE.codeAsText().toString();

    private final GatewayCounters counters;

    H2OversizedHeads(GatewayCounters counters) {
        super(LogLevel.TRACE, H2OversizedHeads.class);
        this.counters = counters;
    }

    @Override
    public void logHeaders(Direction direction, ChannelHandlerContext ctx, int streamId, Http2Headers headers,
            int padding, boolean endStream) {
        count(direction, headers);
    }

    @Override
    public void logHeaders(Direction direction, ChannelHandlerContext ctx, int streamId, Http2Headers headers,
            int streamDependency, short weight, boolean exclusive, int padding, boolean endStream) {
        count(direction, headers);
    }

    private void count(Direction direction, Http2Headers headers) {
        if (direction == Direction.OUTBOUND && headers.status() != null
                && TOO_LARGE.contentEquals(headers.status())) {
            counters.badRequest();
        }
    }
}
