package io.proxybench.client;

import java.io.IOException;
import java.io.InputStream;

/**
 * A request body streamed from an {@link InputStream}, opened anew for each send (a retry on a new connection, a 307
 * or 308 redirect), read as the connection can take it and closed after: a body larger than memory streams. With a
 * length it is sent with {@code Content-Length} (a stream that ends early or runs long fails the call); without one,
 * chunked.
 *
 * <p>The stream is read on one of the client's I/O threads, between the reads and writes of its other connections:
 * give one that does not block for long (a file, bytes in memory, a compressor over them); a body that another
 * thread produces at its own pace belongs in a file first.
 */
@FunctionalInterface
public interface BodySource {

    /**
     * Opens the body from its first byte.
     *
     * @return a new stream of the body
     * @throws IOException when it cannot be opened; the call then fails in the request phase
     */
    InputStream open() throws IOException;

    /**
     * The body's length in bytes, or -1 when it is not known (the body is then sent chunked).
     *
     * @return the length, or -1
     */
    default long length() {
        return -1;
    }

    /**
     * A body of a known length.
     *
     * @param source opens the body
     * @param length its length in bytes, 0 or more
     * @return the body
     * @throws IllegalArgumentException for a negative length
     */
    static BodySource of(BodySource source, long length) {
        if (length < 0) {
            throw new IllegalArgumentException("a body length of " + length + " bytes: give 0 or more, or use the"
                    + " source alone for a body of unknown length (sent chunked)");
        }
        return new BodySource() {
            @Override
            public InputStream open() throws IOException {
                return source.open();
            }

            @Override
            public long length() {
                return length;
            }
        };
    }
}
