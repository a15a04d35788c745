package io.proxybench.recorder.core;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;

/**
 * A copy of the first bytes of a text response body, at most {@link #MAX_BYTES}, taken as the user reads the body
 * (the recorders copy, they never read a body themselves). Thread-safe: a client may hand chunks over from its I/O
 * threads while the observation is read from another.
 */
public final class BodyHead {

    /** The most bytes of a body kept, bytes: an exit check's answer is a few hundred. */
    public static final int MAX_BYTES = 16 * 1024;

    private byte[] bytes = new byte[0];
    private int length;

    /**
     * Whether a body of this media type is worth copying: text, JSON, or unknown (an absent
     * {@code Content-Type}); never images, archives or other binary types.
     *
     * @param contentType the response's {@code Content-Type}, or null without one
     * @return whether to copy the body's first bytes
     */
    public static boolean worthCopying(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return true;
        }
        String type = contentType.toLowerCase(Locale.ROOT).strip();
        return type.startsWith("text/") || type.startsWith("application/json") || type.contains("+json");
    }

    /**
     * Copies bytes {@code position()} to {@code limit()} of {@code chunk} up to the cap; the buffer is untouched.
     *
     * @param chunk a piece of the body as the client hands it on
     */
    public synchronized void add(ByteBuffer chunk) {
        int n = Math.min(chunk.remaining(), MAX_BYTES - length);
        if (n > 0) {
            grow(n);
            chunk.duplicate().get(bytes, length, n);
            length += n;
        }
    }

    /**
     * Copies {@code count} bytes of {@code chunk} from {@code offset} up to the cap.
     *
     * @param chunk bytes of the body as the user read them
     * @param offset where they start in {@code chunk}
     * @param count how many there are
     */
    public synchronized void add(byte[] chunk, int offset, int count) {
        int n = Math.min(count, MAX_BYTES - length);
        if (n > 0) {
            grow(n);
            System.arraycopy(chunk, offset, bytes, length, n);
            length += n;
        }
    }

    /**
     * Whether the cap is reached: a caller may stop handing chunks over.
     *
     * @return whether {@link #MAX_BYTES} are kept
     */
    public synchronized boolean full() {
        return length >= MAX_BYTES;
    }

    /**
     * Bytes kept so far.
     *
     * @return how many of the body's first bytes are kept, at most {@link #MAX_BYTES}
     */
    public synchronized int length() {
        return length;
    }

    /**
     * The exit the bytes so far name.
     *
     * @return the exit, {@link Exit#NONE} when they name none
     */
    public synchronized Exit exit() {
        return length == 0 ? Exit.NONE : ExitParser.parse(bytes, length);
    }

    private void grow(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.min(MAX_BYTES, Math.max(length + more, 2 * bytes.length)));
        }
    }
}
