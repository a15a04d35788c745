package io.proxybench.lab.target;

import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamFrameToHttpObjectCodec;
import io.netty.handler.stream.ChunkedWriteHandler;

/** Turns each HTTP/2 stream into HTTP/1-style objects so the same {@link TargetHandler} serves it. */
final class Http2StreamInitializer extends ChannelInitializer<Http2StreamChannel> {

    private final SharedState shared;

    Http2StreamInitializer(SharedState shared) {
        this.shared = shared;
    }

    @Override
    protected void initChannel(Http2StreamChannel ch) {
        ch.pipeline().addLast(
                new Http2StreamFrameToHttpObjectCodec(true),
                new AnythingBody(),
                new HttpObjectAggregator(TargetHandler.MAX_REQUEST_BODY),
                new ChunkedWriteHandler(),
                new TargetHandler(shared));
    }
}
