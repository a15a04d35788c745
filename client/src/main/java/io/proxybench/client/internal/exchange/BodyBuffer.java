package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
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
    /** The kept bytes are {@code kept[0, size)}; {@code size <= limit}. */
    private byte[] kept = EMPTY;
    private int size;
    private long total;

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

    @Override
    public void content(ByteBuf buf, int index, int n) throws BodyTooLargeException {
        total += n;
        int take = Math.min(limit - size, n);
        if (take < n && !prefixOnly) {
            throw new BodyTooLargeException(limit, -1);
        }
        if (take > 0) {
            if (size + take > kept.length) {
                kept = Arrays.copyOf(kept, (int) Math.min(limit, Math.max(size + take, 2L * kept.length)));
            }
            buf.getBytes(index, kept, size, take);
            size += take;
        }
    }

    /** The kept bytes; call once, when the body is complete. */
    public byte[] bytes() {
        return size == kept.length ? kept : Arrays.copyOf(kept, size);
    }

    /** Every byte given, kept or not. */
    public long total() {
        return total;
    }
}
