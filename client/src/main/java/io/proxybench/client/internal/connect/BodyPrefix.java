package io.proxybench.client.internal.connect;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * The first {@link #MAX_BYTES} bytes of a refusal's body, where its reason is looked for. Bytes are copied, never
 * consumed. A full prefix may have been cut anywhere, a character or a secret included. One event loop only.
 */
final class BodyPrefix {

    /** Most of a body kept, in bytes. */
    static final int MAX_BYTES = 4096;

    private final byte[] bytes = new byte[MAX_BYTES];
    private int length;

    /** Copies what fits of {@code content}'s readable bytes, leaving its indices as they were. */
    void append(ByteBuf content) {
        int take = Math.min(MAX_BYTES - length, content.readableBytes());
        content.getBytes(content.readerIndex(), bytes, length, take);
        length += take;
    }

    /** Whether the limit is reached: more bytes would not be kept, and the text may end in the middle of a word. */
    boolean full() {
        return length == MAX_BYTES;
    }

    /** The kept bytes as UTF-8 (a character cut at the limit becomes U+FFFD). */
    String text() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
