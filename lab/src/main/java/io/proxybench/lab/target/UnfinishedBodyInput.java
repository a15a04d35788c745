package io.proxybench.lab.target;

import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.stream.ChunkedInput;

/**
 * A body's bytes as HTTP content without the last-content marker, unlike Netty's {@code HttpChunkedInput}: over
 * HTTP/2 no DATA frame carries END_STREAM, so the response stays unfinished until its stream or connection closes.
 */
final class UnfinishedBodyInput implements ChunkedInput<HttpContent> {

    private final FillerInput bytes;

    UnfinishedBodyInput(FillerInput bytes) {
        this.bytes = bytes;
    }

    @Override
    public boolean isEndOfInput() {
        return bytes.isEndOfInput();
    }

    @Override
    public void close() {
        bytes.close();
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) {
        return readChunk(ctx.alloc());
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator allocator) {
        return isEndOfInput() ? null : new DefaultHttpContent(bytes.readChunk(allocator));
    }

    @Override
    public long length() {
        return bytes.length();
    }

    @Override
    public long progress() {
        return bytes.progress();
    }
}
