package io.proxybench.records;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Appends records to a JSONL file, one JSON object per line, in UTF-8; gzip'd when the file's name ends in
 * {@code .gz}. Buffered; {@link #write} and {@link #flush} are thread-safe; {@link #close} flushes. An existing file
 * is appended to, never truncated (a gzip'd one gets one more gzip member, which readers read on).
 *
 * <p>The buffer holds only whole lines when {@link #flush} runs, and a gzip'd file is sync-flushed then, so
 * everything written before a flush can be read back even if the process dies right after. A file cut anywhere by
 * such a death reads back with {@link RecordStream} up to its last complete line, the cut reported. Appending to such
 * a file would join its cut line to the next record, a malformed line (in a gzip'd one, corrupt data from there on):
 * a run resumed after a crash writes a new file.
 */
public final class JsonlWriter implements AutoCloseable {
    /** Each writing thread encodes into a buffer of its own, reused line after line. */
    private static final ThreadLocal<RecordEncoder> ENCODER = ThreadLocal.withInitial(RecordEncoder::new);
    /** Deflater output gathered per write to the file, bytes. */
    private static final int GZIP_BUFFER = 64 * 1024;
    /**
     * Lines gathered per write to the file (or to the deflater), bytes: at 60,000 lines a second of about 250 bytes,
     * a write every 260 lines instead of every 32. {@link #flush} still pushes whatever is gathered.
     */
    private static final int LINE_BUFFER = 64 * 1024;

    private final OutputStream out;

    /** Opens {@code file} for appending, creating it if needed; gzip'd when its name ends in {@code .gz}. */
    public JsonlWriter(Path file) throws IOException {
        this(file, Deflater.DEFAULT_COMPRESSION);
    }

    /**
     * As {@link #JsonlWriter(Path)}, compressing a gzip'd file at {@code level}, 1 (fastest) to 9 (smallest), or
     * {@link Deflater#DEFAULT_COMPRESSION}.
     */
    JsonlWriter(Path file, int level) throws IOException {
        OutputStream raw = Files.newOutputStream(file,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        try {
            this.out = new BufferedOutputStream(file.getFileName().toString().endsWith(".gz")
                    ? new LeveledGzip(raw, level)
                    : raw, LINE_BUFFER);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    /** A sync-flushing gzip stream at a compression level of its own. */
    private static final class LeveledGzip extends GZIPOutputStream {
        LeveledGzip(OutputStream out, int level) throws IOException {
            super(out, GZIP_BUFFER, true);
            def.setLevel(level);
        }
    }

    /**
     * Appends one record as one line. The JSON is encoded to UTF-8 bytes outside the lock (no intermediate text),
     * in the calling thread's own buffer, so concurrent writers only queue to copy them into the file's buffer.
     */
    public void write(RequestRecord record) throws IOException {
        RecordEncoder json = ENCODER.get();
        json.encode(record);
        synchronized (this) {
            out.write(json.bytes(), 0, json.length());
            out.write('\n');
        }
    }

    /** Encodes a record's line as {@link #write} would, and drops it: the encoding path warmed up, nothing written. */
    public static void rehearse(RequestRecord record) {
        ENCODER.get().encode(record);
    }

    /**
     * Pushes every line written so far to the file (compressed and sync-flushed when gzip'd), so that it survives
     * the process dying; not to the disk itself, which the operating system writes in its time.
     */
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** Flushes buffered lines, ends a gzip stream and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
