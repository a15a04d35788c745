package io.proxybench.client.internal.decode;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.util.function.IntUnaryOperator;

/**
 * Runs a {@link ContentDecoder} over a body as a connection would: each chunk in a pooled direct buffer of its own,
 * behind a few bytes of something else (so the index matters), released as soon as decode returns; the sink copies
 * what it is lent.
 */
final class Decoding {

    /** Bytes before each chunk in its buffer. */
    private static final int OFFSET = 3;

    private final ContentDecoder decoder;
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();

    private Decoding(String contentEncoding, DecodeLimits limits) {
        this.decoder = ContentDecoder.start(ContentEncoding.parse(contentEncoding), limits,
                PooledByteBufAllocator.DEFAULT, chunk -> {
                    byte[] bytes = new byte[chunk.readableBytes()];
                    chunk.getBytes(chunk.readerIndex(), bytes);
                    sink.writeBytes(bytes);
                });
    }

    static Decoding start(String contentEncoding, DecodeLimits limits) {
        return new Decoding(contentEncoding, limits);
    }

    /** Decodes {@code body} in chunks of {@code chunkBytes}, finishes, and returns the decoded body. */
    static byte[] decode(String contentEncoding, byte[] body, int chunkBytes, DecodeLimits limits)
            throws ContentDecodingException {
        return start(contentEncoding, limits).feed(body, offset -> chunkBytes).finish();
    }

    /**
     * Feeds {@code body} in chunks whose sizes {@code chunkSize} gives for each chunk's offset (at least 1 byte).
     */
    Decoding feed(byte[] body, IntUnaryOperator chunkSize) throws ContentDecodingException {
        int offset = 0;
        while (offset < body.length) {
            int n = Math.min(body.length - offset, Math.max(1, chunkSize.applyAsInt(offset)));
            ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(OFFSET + n);
            try {
                buf.writeZero(OFFSET).writeBytes(body, offset, n);
                decoder.decode(buf, OFFSET, n);
            } finally {
                buf.release();
            }
            offset += n;
        }
        return this;
    }

    /** Finishes the body and returns all it decoded to. */
    byte[] finish() throws ContentDecodingException {
        decoder.finish();
        return sink.toByteArray();
    }

    /** What the sink received so far, also after a failure. */
    byte[] decodedSoFar() {
        return sink.toByteArray();
    }

    ContentDecoder decoder() {
        return decoder;
    }
}
