package io.proxybench.bench.record;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Appends records to a JSONL file, one JSON object per line. Buffered; {@link #write} is thread-safe;
 * {@link #close} flushes. An existing file is appended to, never truncated.
 */
public final class JsonlWriter implements AutoCloseable {
    private final Writer out;

    /** Opens {@code file} for appending, creating it if needed. */
    public JsonlWriter(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    /** Appends one record as one line; the JSON is built outside the lock, so concurrent writers only queue to append. */
    public void write(RequestRecord record) throws IOException {
        String line = Jsonl.MAPPER.writeValueAsString(record) + "\n";
        synchronized (this) {
            out.write(line);
        }
    }

    /** Flushes buffered lines and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
