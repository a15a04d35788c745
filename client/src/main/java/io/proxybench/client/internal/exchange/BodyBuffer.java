package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Collects a response body up to a limit, counting every byte past it too. A body that arrives in one chunk is
 * copied once, into the array {@link #bytes()} returns.
 */
final class BodyBuffer {

    private static final byte[] EMPTY = new byte[0];

    private int limit;
    /** The kept bytes are {@code kept[0, size)}; {@code size <= limit}. */
    private byte[] kept = EMPTY;
    private int size;
    private long total;

    BodyBuffer(int limit) {
        this.limit = limit;
    }

    /** Empties the buffer for another body of up to {@code limit} kept bytes; an array it gave stays the caller's. */
    void reset(int limit) {
        this.limit = limit;
        this.kept = EMPTY;
        this.size = 0;
        this.total = 0;
    }

    void add(ByteBuf chunk) {
        add(chunk, chunk.readerIndex(), chunk.readableBytes());
    }

    /** Adds {@code n} bytes at {@code index} of {@code buf}. */
    void add(ByteBuf buf, int index, int n) {
        total += n;
        int take = Math.min(limit - size, n);
        if (take > 0) {
            if (size + take > kept.length) {
                kept = Arrays.copyOf(kept, (int) Math.min(limit, Math.max(size + take, 2L * kept.length)));
            }
            buf.getBytes(index, kept, size, take);
            size += take;
        }
    }

    /** The kept bytes; call once, when the body is complete. */
    byte[] bytes() {
        return size == kept.length ? kept : Arrays.copyOf(kept, size);
    }

    long total() {
        return total;
    }
}
