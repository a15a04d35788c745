package io.proxybench.harness.fetch;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where {@code fetch} writes a body: a stream (stdout), or a file written whole or not at all. A file's bytes go to
 * {@code .NAME.RANDOM.part} beside it, moved over it by {@link #commit()} (a file already there is replaced, as
 * curl's {@code -o} does); {@link #close()} without a commit deletes the part, as does the JVM's exit (Ctrl-C). A
 * device or pipe ({@code /dev/null}) is written to directly.
 */
final class BodyOutput implements AutoCloseable {

    private static final int BUFFER_BYTES = 64 * 1024;

    private final OutputStream stream;
    /** The file, or null for a stream. */
    private final Path target;
    /** The part file being written, or null for a stream or a device. */
    private final Path part;
    /** Deletes the part should the JVM exit first; null for a stream. */
    private final Thread onExit;
    private boolean done;

    private BodyOutput(OutputStream stream, Path target, Path part, Thread onExit) {
        this.stream = stream;
        this.target = target;
        this.part = part;
        this.onExit = onExit;
    }

    /** Writes to {@code out}, which stays open. */
    static BodyOutput toStream(OutputStream out) {
        return new BodyOutput(new BufferedOutputStream(out, BUFFER_BYTES) {
            @Override
            public void close() throws IOException {
                flush();
            }
        }, null, null, null);
    }

    /**
     * Writes to a part file beside {@code target}.
     *
     * @throws IOException when the part file cannot be created (no folder, no permission)
     */
    static BodyOutput toFile(Path target) throws IOException {
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            // A device or a pipe (-o /dev/null): written to as it is, never replaced by a file.
            return new BodyOutput(new BufferedOutputStream(Files.newOutputStream(target, StandardOpenOption.WRITE),
                    BUFFER_BYTES), target, null, null);
        }
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        Path part = folder.resolve("." + absolute.getFileName() + "." + Long.toHexString(
                ThreadLocalRandom.current().nextLong() >>> 16) + ".part");
        OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        Thread onExit = new Thread(() -> deleteQuietly(part), "fetch-part-cleanup");
        Runtime.getRuntime().addShutdownHook(onExit);
        return new BodyOutput(new BufferedOutputStream(out, BUFFER_BYTES), target, part, onExit);
    }

    /** Where the body's bytes go. */
    OutputStream stream() {
        return stream;
    }

    /**
     * Flushes the body and, for a file, moves it into place.
     *
     * @throws IOException when the last bytes cannot be written or the file cannot be moved
     */
    void commit() throws IOException {
        stream.close();
        if (part != null) {
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        done = true;
        close();
    }

    /** Without a commit: flushes what a stream got, closes a device, and closes and deletes a part file. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            try {
                stream.close();
            } catch (IOException ignored) {
                // A part is deleted next; a stream or device has what it took.
            }
            if (part != null) {
                deleteQuietly(part);
            }
        }
        if (onExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException exiting) {
                // The JVM is exiting: the hook runs, and finds nothing to delete.
            }
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A part file that cannot be deleted stays hidden (its name starts with a dot).
        }
    }
}
