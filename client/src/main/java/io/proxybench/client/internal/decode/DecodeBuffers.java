package io.proxybench.client.internal.decode;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

/**
 * The allocator decompressors write into. The JDK's zlib inflates into arrays, so gzip and deflate output is heap
 * memory; from the connections' allocator it would make that allocator's heap arenas, which take a 4 MiB chunk per
 * I/O thread and keep it, for buffers that live for one read. Here it is pooled in one heap arena of 64 KiB chunks
 * (a decompressor's output chunk is at most {@link ContentCoding#MAX_CHUNK_BYTES}), so the heap the client keeps for
 * decoding grows with the bodies being decoded at once, a chunk each, not with the I/O threads.
 */
public final class DecodeBuffers {

    private static final int PAGE_BYTES = 8192;
    /** Chunks of {@code PAGE_BYTES << MAX_ORDER} = 64 KiB. */
    private static final int MAX_ORDER = 3;

    /** Heap buffers only (no direct arena); per-thread caches on the I/O threads, few entries each. */
    public static final ByteBufAllocator ALLOCATOR = new PooledByteBufAllocator(false, 1, 0, PAGE_BYTES, MAX_ORDER,
            0, 8, false);

    private DecodeBuffers() {
    }
}
