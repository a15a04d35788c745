package io.proxybench.harness.sinks;

import io.proxybench.harness.engine.LiveRun;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The run's records as a JSONL file, a line each, flushed every second from the schedule's start: a process killed
 * without warning loses about a second of records, and its file reads up to its last complete line.
 */
public final class JsonlSink implements RecordSink {
    /** How often buffered lines reach the file, milliseconds. */
    static final long FLUSH_MILLIS = 1_000;

    private final Path file;
    private final JsonlWriter writer;
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "proxybench-records-flush");
        t.setDaemon(true);
        return t;
    });

    /** Opens {@code file} for appending (a run deletes an earlier one first). */
    public JsonlSink(Path file) throws IOException {
        this.file = file;
        this.writer = new JsonlWriter(file);
    }

    @Override
    public void start(LiveRun live) {
        ticker.scheduleAtFixedRate(() -> {
            try {
                writer.flush();
            } catch (IOException e) {
                // close() reports it: the same writer fails there too.
            }
        }, FLUSH_MILLIS, FLUSH_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void accept(RequestRecord record) {
        try {
            writer.write(record);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Encodes the line and drops it. */
    @Override
    public void rehearse(RequestRecord record) {
        JsonlWriter.rehearse(record);
    }

    @Override
    public void flush() throws IOException {
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        ticker.shutdownNow();
        writer.close();
    }
}
