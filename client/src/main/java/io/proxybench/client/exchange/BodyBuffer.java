package io.proxybench.client.exchange;

import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;

/** Collects a response body up to a limit, counting every byte past it too. */
final class BodyBuffer {

    private final int limit;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long total;

    BodyBuffer(int limit) {
        this.limit = limit;
    }

    void add(ByteBuf chunk) {
        int n = chunk.readableBytes();
        total += n;
        int room = limit - kept.size();
        if (room > 0) {
            int take = Math.min(room, n);
            byte[] bytes = new byte[take];
            chunk.getBytes(chunk.readerIndex(), bytes);
            kept.write(bytes, 0, take);
        }
    }

    byte[] bytes() {
        return kept.toByteArray();
    }

    long total() {
        return total;
    }
}
