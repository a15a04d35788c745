package io.proxybench.records;

import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends records to a JSONL file, one JSON object per line, in UTF-8. Buffered; {@link #write} is thread-safe;
 * {@link #close} flushes. An existing file is appended to, never truncated.
 */
public final class JsonlWriter implements AutoCloseable {
    /** Resolved once: a record's serializer is not looked up per line. */
    private static final ObjectWriter RECORDS = Jsonl.MAPPER.writerFor(RequestRecord.class);

    private final OutputStream out;

    /** Opens {@code file} for appending, creating it if needed. */
    public JsonlWriter(Path file) throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(file,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE));
    }

    /**
     * Appends one record as one line. The JSON is encoded to UTF-8 bytes outside the lock (no intermediate text), so
     * concurrent writers only queue to copy them into the buffer.
     */
    public void write(RequestRecord record) throws IOException {
        byte[] json = RECORDS.writeValueAsBytes(record);
        synchronized (this) {
            out.write(json);
            out.write('\n');
        }
    }

    /** Pushes the buffered complete lines to the file. */
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** Flushes buffered lines and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
