package io.proxybench.records;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * The lines of a byte stream, one at a time, split at LF, CR LF or CR (bytes that never occur inside a UTF-8
 * sequence), each without its terminator. The current line is {@code buffer()[start(), start() + length())}, valid
 * until the next call of {@link #next}; the buffer grows to hold the longest line and no further, so memory is
 * bounded by the longest line, not the stream. Not thread-safe.
 */
final class Lines {
    /** The largest array the JVM allocates; a line longer than this cannot be held. */
    private static final int MAX_BUFFER = Integer.MAX_VALUE - 8;
    private static final int INITIAL_BUFFER = 64 * 1024;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final long LFS = '\n' * ONES;
    private static final long CRS = '\r' * ONES;

    private final Path file;
    private final InputStream in;
    private byte[] buffer = new byte[INITIAL_BUFFER];
    /** Bytes {@code [pos, limit)} of the buffer are read but not yet delivered. */
    private int pos;
    /** The stream position of {@code buffer[0]}, bytes. */
    private long base;
    private int limit;
    private int start;
    private int length;
    private int number;
    private boolean terminated;
    /** The last line ended with CR: an LF right after it is part of its terminator. */
    private boolean crPending;
    private boolean eof;
    private boolean endedEarly;

    /** The lines of {@code in}, read from {@code file} (for error messages). */
    Lines(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /**
     * Moves to the next line; false at the end of the stream. A stream that ends without a terminator ends with a
     * line that is not {@link #terminated()}, unless nothing follows the last terminator.
     *
     * @throws MalformedRecordException if a line is too long for an array
     * @throws IOException as the stream throws it, except an {@link EOFException}, which ends the lines (see
     *     {@link #endedEarly()})
     */
    boolean next() throws IOException {
        if (crPending) {
            crPending = false;
            if (pos == limit && !eof) {
                fill();
            }
            if (pos < limit && buffer[pos] == '\n') {
                pos++;
            }
        }
        int scan = pos;
        while (true) {
            int end = terminator(buffer, scan, limit);
            if (end >= 0) {
                deliver(end - pos, true);
                crPending = buffer[end] == '\r';
                pos = end + 1;
                return true;
            }
            if (eof) {
                if (pos == limit) {
                    return false;
                }
                deliver(limit - pos, false);
                pos = limit;
                return true;
            }
            int scanned = limit - pos;
            fill();
            scan = pos + scanned;
        }
    }

    private void deliver(int lineLength, boolean withTerminator) {
        start = pos;
        length = lineLength;
        terminated = withTerminator;
        number++;
    }

    /** The index of the first CR or LF in {@code [from, to)}, or -1. Eight bytes at a time. */
    private static int terminator(byte[] bytes, int from, int to) {
        int i = from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long word = (long) LONGS.get(bytes, i);
            long found = zeroBytes(word ^ LFS) | zeroBytes(word ^ CRS);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (bytes[i] == '\n' || bytes[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /**
     * The high bit of each zero byte of {@code word} set, and of no byte before the first (read little-endian);
     * bytes after the first zero byte may be marked wrongly, so only the lowest mark counts.
     */
    private static long zeroBytes(long word) {
        return (word - ONES) & ~word & HIGH_BITS;
    }

    /**
     * Reads more of the stream after the undelivered bytes, first moving them to the buffer's start (and growing it
     * when they fill it); sets {@link #eof} at the stream's end.
     */
    private void fill() throws IOException {
        int pending = limit - pos;
        if (pending == buffer.length) {
            if (buffer.length == MAX_BUFFER) {
                throw new MalformedRecordException(file, number + 1,
                        "longer than " + MAX_BUFFER + " bytes, which no record is; is this a records file?", null);
            }
            byte[] grown = new byte[(int) Math.min(MAX_BUFFER, 2L * buffer.length)];
            System.arraycopy(buffer, pos, grown, 0, pending);
            buffer = grown;
        } else if (pos > 0) {
            System.arraycopy(buffer, pos, buffer, 0, pending);
        }
        base += pos;
        pos = 0;
        limit = pending;
        int n;
        try {
            n = in.read(buffer, limit, buffer.length - limit);
        } catch (EOFException e) {
            endedEarly = true;
            n = -1;
        }
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    byte[] buffer() {
        return buffer;
    }

    /** The current line's first byte in {@link #buffer()}. */
    int start() {
        return start;
    }

    /** Where the current line starts in the stream, bytes from its first (decompressed, for a gzip'd file). */
    long offset() {
        return base + start;
    }

    /** The current line's length in bytes, its terminator not counted. */
    int length() {
        return length;
    }

    /** The current line's number, counting from 1; after the last line, the last line's number (0 for none). */
    int number() {
        return number;
    }

    /** Whether the current line ends with a terminator; only a stream's last line can lack one. */
    boolean terminated() {
        return terminated;
    }

    /**
     * Whether the stream ended early: it threw an {@link EOFException} (as a compressed stream cut short does)
     * instead of reaching its end. The bytes before were delivered as lines, the last one not terminated.
     */
    boolean endedEarly() {
        return endedEarly;
    }
}
