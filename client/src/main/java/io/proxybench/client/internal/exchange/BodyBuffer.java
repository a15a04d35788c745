package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Collects a response body up to a limit. Over the limit, a whole body fails ({@link BodyTooLargeException}), or, when
 * only a prefix is asked for (a load generator's: it counts bodies, it does not need them), the bytes past it are
 * counted and dropped. A body that arrives in one chunk is copied once, into the array {@link #bytes()} returns.
 */
public final class BodyBuffer implements BodySink {

    private static final byte[] EMPTY = new byte[0];
    /** The most room {@link #expect} makes before any byte came. */
    static final int PRESIZE_MAX = 4 << 20;

    private final int limit;
    private final boolean prefixOnly;
    /** The kept bytes are {@code kept[0, size)}, then those of {@link #held}; {@code size <= limit}. */
    private byte[] kept = EMPTY;
    private int size;
    private long total;
    /**
     * The chunks held as they came, retained, for a body whose length is not known ahead ({@link #holdChunks}):
     * copied once into an array of the body's length by {@link #bytes()}; null when chunks are copied as they come.
     */
    private ArrayDeque<ByteBuf> held;
    private boolean released;

    /**
     * @param limit bytes kept at most
     * @param prefixOnly true to keep the first {@code limit} bytes and count the rest; false to fail a longer body
     */
    public BodyBuffer(int limit, boolean prefixOnly) {
        this.limit = limit;
        this.prefixOnly = prefixOnly;
    }

    /**
     * Fails at once when a body's announced length is over a whole body's limit; else makes room for it, so that a
     * body in many chunks is copied once (at most {@link #PRESIZE_MAX} ahead of its bytes, as the header may lie).
     *
     * @param contentLength the response's {@code Content-Length}, or null; one that is not a number is left to the
     *     response parser
     */
    public void expect(String contentLength) throws BodyTooLargeException {
        if (prefixOnly || contentLength == null) {
            return;
        }
        long announced;
        try {
            announced = Long.parseLong(contentLength.strip());
        } catch (NumberFormatException e) {
            return;
        }
        if (announced > limit) {
            throw new BodyTooLargeException(limit, announced);
        }
        if (announced > kept.length && size == 0) {
            kept = new byte[(int) Math.min(announced, PRESIZE_MAX)];
        }
    }

    /**
     * Holds the chunks from here on instead of copying each into a growing array, for a body that comes in chunks
     * of unknown number (a decoded one): one copy and one array of the body's length, instead of a copy per doubling
     * and one to trim. The chunks' buffers stay retained until {@link #bytes()} or {@link #release()}, one of which
     * the owner calls. Not for a prefix: its bytes are few, and kept as they come.
     */
    public void holdChunks() {
        if (!prefixOnly && size == 0) {
            held = new ArrayDeque<>();
        }
    }

    @Override
    public void content(ByteBuf buf, int index, int n) throws BodyTooLargeException {
        if (released) {
            return;
        }
        total += n;
        int take = Math.min(limit - size, n);
        if (take < n && !prefixOnly) {
            throw new BodyTooLargeException(limit, -1);
        }
        if (held != null) {
            if (n > 0) {
                held.add(buf.retainedSlice(index, n));
                size += n;
            }
            return;
        }
        if (take > 0) {
            if (size + take > kept.length) {
                kept = Arrays.copyOf(kept, (int) Math.min(limit, Math.max(size + take, 2L * kept.length)));
            }
            buf.getBytes(index, kept, size, take);
            size += take;
        }
    }

    /** The kept bytes; call once, when the body is complete (held chunks are released). */
    public byte[] bytes() {
        if (held != null) {
            byte[] body = new byte[size];
            int at = 0;
            for (ByteBuf chunk; (chunk = held.pollFirst()) != null; ) {
                int n = chunk.readableBytes();
                chunk.getBytes(chunk.readerIndex(), body, at, n);
                at += n;
                chunk.release();
            }
            released = true;
            return body;
        }
        return size == kept.length ? kept : Arrays.copyOf(kept, size);
    }

    /** Releases the held chunks of a body that will not be read (its exchange failed); idempotent. */
    public void release() {
        released = true;
        if (held != null) {
            for (ByteBuf chunk; (chunk = held.pollFirst()) != null; ) {
                chunk.release();
            }
        }
    }

    /** Every byte given, kept or not. */
    public long total() {
        return total;
    }
}
