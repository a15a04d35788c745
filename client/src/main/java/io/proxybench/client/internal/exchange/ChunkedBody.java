package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import java.io.IOException;

/**
 * A {@code Transfer-Encoding: chunked} body read as its bytes come (RFC 9112 7.1): each chunk-size line (hex digits,
 * extensions ignored), the chunk's data to the listener as ranges of the buffers read, the CRLF after it, and after
 * the last chunk the trailer section, read and dropped. Any piece may arrive a byte at a time.
 *
 * <p>Event loop only; one per {@link ResponseParser}, {@link #start} before each body.
 */
final class ChunkedBody {

    /** The longest chunk-size line, extensions included, and the longest trailer section, in bytes. */
    private static final int MAX_CHUNK_LINE_BYTES = 1024;
    private static final int MAX_TRAILER_BYTES = 8 * 1024;

    private enum State { SIZE, DATA, DATA_END, TRAILERS, DONE }

    private State state = State.DONE;
    /** The chunk-size line being read: the size so far, whether its digits ended, its length in bytes. */
    private long chunkSize;
    private boolean digitsEnded;
    private boolean hasDigits;
    private int lineBytes;
    /** Data bytes of the chunk still to come. */
    private long remaining;
    /** Whether the CR after a chunk's data was read (its LF still to come). */
    private boolean dataEndCr;
    /** The trailer section: its bytes so far, and the current line's length (a CR before the LF not counted). */
    private int trailerBytes;
    private int trailerLineBytes;

    /** Readies it for a body whose first chunk-size line comes next. */
    void start() {
        startSizeLine();
    }

    /**
     * Reads what {@code in} holds of the body, its data to {@code listener}; bytes after the body's end are left unread.
     *
     * @return true once the body has ended (its trailer section's empty line read)
     * @throws IOException when the bytes are not a chunked body; the message says what is wrong
     */
    boolean read(ByteBuf in, ResponseParser.Listener listener) throws IOException {
        while (in.isReadable() && state != State.DONE) {
            switch (state) {
                case SIZE -> readSize(in);
                case DATA -> {
                    remaining = ResponseParser.give(in, remaining, listener);
                    if (remaining == 0) {
                        state = State.DATA_END;
                        dataEndCr = false;
                    }
                }
                case DATA_END -> readDataEnd(in);
                case TRAILERS -> readTrailers(in);
                default -> throw new IllegalStateException(state.name());
            }
        }
        return state == State.DONE;
    }

    private void startSizeLine() {
        state = State.SIZE;
        chunkSize = 0;
        digitsEnded = false;
        hasDigits = false;
        lineBytes = 0;
    }

    /** The chunk-size line: hex digits, then optional extensions (ignored), then CRLF. */
    private void readSize(ByteBuf in) throws IOException {
        while (in.isReadable()) {
            byte b = in.readByte();
            if (++lineBytes > MAX_CHUNK_LINE_BYTES) {
                throw new IOException("a chunk-size line longer than " + MAX_CHUNK_LINE_BYTES + " bytes");
            }
            if (b == '\n') {
                if (!hasDigits) {
                    throw new IOException("a chunk-size line without a size");
                }
                if (chunkSize == 0) {
                    state = State.TRAILERS;
                    trailerBytes = 0;
                    trailerLineBytes = 0;
                } else {
                    remaining = chunkSize;
                    state = State.DATA;
                }
                return;
            }
            int digit = Character.digit(b, 16);
            if (!digitsEnded && digit >= 0) {
                if (chunkSize > ResponseParser.MAX_BODY_LENGTH >> 4) {
                    throw new IOException("a chunk larger than " + ResponseParser.MAX_BODY_LENGTH + " bytes");
                }
                chunkSize = chunkSize << 4 | digit;
                hasDigits = true;
            } else if (b == ';' || FieldLines.isOws(b) || b == '\r') {
                digitsEnded = true;
            } else if (!digitsEnded) {
                throw new IOException("a chunk size that is not hexadecimal: byte " + (b & 0xFF));
            }
        }
    }

    /** The CRLF (or LF) after a chunk's data. */
    private void readDataEnd(ByteBuf in) throws IOException {
        byte b = in.readByte();
        if (b == '\n') {
            startSizeLine();
        } else if (b == '\r' && !dataEndCr) {
            dataEndCr = true;
        } else {
            throw new IOException("a chunk's data not followed by CRLF");
        }
    }

    /** The trailer section after the last chunk, read and dropped, up to its empty line. */
    private void readTrailers(ByteBuf in) throws IOException {
        while (in.isReadable()) {
            byte b = in.readByte();
            if (++trailerBytes > MAX_TRAILER_BYTES) {
                throw new IOException("a trailer section larger than " + MAX_TRAILER_BYTES + " bytes");
            }
            if (b == '\n') {
                if (trailerLineBytes == 0) {
                    state = State.DONE;
                    return;
                }
                trailerLineBytes = 0;
            } else if (b != '\r') {
                trailerLineBytes++;
            }
        }
    }
}
