package io.proxybench.records;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A plain records file that a {@link LineSort} reads again at its lines' places: through a window of its bytes that
 * moves forward, as the sorted lines mostly do (a shard is written nearly in schedule order); a line behind the window
 * (a request that finished late) is read on its own.
 */
final class LineSource implements AutoCloseable {
    private static final int WINDOW = 1 << 20;

    private final Path file;
    private final FileChannel channel;
    private final byte[] window = new byte[WINDOW];
    private long windowStart;
    private int windowLength;
    /** A line read on its own, behind the window; grown to the longest such line. */
    private byte[] line = new byte[0];
    /** Where the bytes {@link #at} made readable are: the window or {@link #line}. */
    private byte[] current = window;

    LineSource(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
    }

    /**
     * Makes the {@code length} bytes at {@code position} readable in {@link #bytes()}; returns where they start
     * there (valid until the next call).
     */
    int at(long position, int length) throws IOException {
        if (position >= windowStart && position + length <= windowStart + windowLength) {
            current = window;
            return (int) (position - windowStart);
        }
        if (position > windowStart && length <= WINDOW) {
            windowStart = position;
            windowLength = read(ByteBuffer.wrap(window), position);
            if (windowLength >= length) {
                current = window;
                return 0;
            }
        }
        if (line.length < length) {
            line = new byte[length];
        }
        if (read(ByteBuffer.wrap(line, 0, length), position) < length) {
            throw new IOException(file + " changed while it was sorted: it ends before a line it held");
        }
        current = line;
        return 0;
    }

    /** The bytes {@link #at} made readable. */
    byte[] bytes() {
        return current;
    }

    /** Fills {@code buffer} from {@code position} on, as far as the file goes; the bytes read. */
    private int read(ByteBuffer buffer, long position) throws IOException {
        int total = 0;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
