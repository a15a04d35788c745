package io.proxybench.client.internal.call;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.proxybench.client.internal.decode.ContentDecoder;
import io.proxybench.client.internal.decode.ContentEncoding;
import io.proxybench.client.internal.decode.DecodeLimits;
import io.proxybench.client.internal.exchange.BodySink;
import java.io.IOException;

/**
 * A body decoded as it arrives ({@link ContentDecoder}) into the call's own sink: the buffer or the stream sees the
 * decoded bytes only. Event-loop thread only. {@link #finish} at the body's end checks the coding ended whole; {@link
 * #close} frees the decoder of a body that ended otherwise.
 */
final class DecodingSink implements BodySink {

    private final BodySink decoded;
    private final ContentDecoder decoder;
    /** What the inner sink refused (a body over a buffer's limit), rethrown from the call that fed it. */
    private IOException refused;

    DecodingSink(ContentEncoding encoding, DecodeLimits limits, ByteBufAllocator allocator, BodySink decoded) {
        this.decoded = decoded;
        this.decoder = ContentDecoder.start(encoding, limits, allocator, this::decodedChunk);
    }

    private void decodedChunk(ByteBuf chunk) {
        if (refused == null) {
            try {
                decoded.content(chunk, chunk.readerIndex(), chunk.readableBytes());
            } catch (IOException e) {
                refused = e;
            }
        }
    }

    @Override
    public void content(ByteBuf buf, int index, int length) throws IOException {
        decoder.decode(buf, index, length);
        if (refused != null) {
            decoder.close();
            throw refused;
        }
    }

    /** The body ended: the last decoded bytes go to the sink, and a coding cut short fails. */
    void finish() throws IOException {
        decoder.finish();
        if (refused != null) {
            throw refused;
        }
    }

    void close() {
        decoder.close();
    }

    /** The body's length decoded. */
    long decodedBytes() {
        return decoder.decodedBytes();
    }
}
