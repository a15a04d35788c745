package io.proxybench.recorder.core;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * One JSONL file of {@link RequestRecord}s, the same records {@code proxybench run} writes, filled by the recorders of
 * the clients a program uses (one recorder may serve several clients; their connections are numbered apart). A
 * record's {@code sched} and {@code done} are seconds after this recorder was opened; nothing is scheduled, so a
 * call's {@code sched} is when it started and its {@code start_lag} is 0.
 *
 * <p>Records are flushed to the file every {@link #FLUSH_INTERVAL} by a daemon thread and on {@link #close()}, so a
 * process killed mid-run leaves a file that reads back up to its last whole line. The recorder keeps no state per call:
 * a call's {@link Observation} is held by the client's call and goes with it. A write that fails does not fail the
 * user's call: it is counted as {@link #dropped()}, and {@link #close()} throws the first such failure. Thread-safe.
 */
public final class Recorder implements AutoCloseable {

    /** How often written records are pushed to the file. */
    public static final Duration FLUSH_INTERVAL = Duration.ofSeconds(1);

    private static final double NANOS_PER_SECOND = 1e9;

    private final JsonlWriter writer;
    private final LongSupplier nanoClock;
    private final long startNanos;
    private final ConnectionIds connections = new ConnectionIds();
    private final ScheduledExecutorService flusher;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private volatile IOException firstFailure;
    private volatile boolean closed;

    Recorder(JsonlWriter writer, LongSupplier nanoClock, boolean flushPeriodically) {
        this.writer = writer;
        this.nanoClock = nanoClock;
        this.startNanos = nanoClock.getAsLong();
        if (flushPeriodically) {
            flusher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "proxybench-recorder-flush");
                t.setDaemon(true);
                return t;
            });
            long every = FLUSH_INTERVAL.toMillis();
            flusher.scheduleWithFixedDelay(this::flushQuietly, every, every, TimeUnit.MILLISECONDS);
        } else {
            flusher = null;
        }
    }

    /**
     * Opens {@code file} for appending (created if needed; gzip'd when its name ends in {@code .gz}) and starts the
     * clock that {@code sched} and {@code done} count from.
     *
     * @param file where the records go
     * @return a recorder writing to {@code file}
     * @throws IOException if the file cannot be opened
     */
    public static Recorder open(Path file) throws IOException {
        return new Recorder(new JsonlWriter(file), System::nanoTime, true);
    }

    /**
     * A call starting now. Its record is written when the observation says the call is over.
     *
     * @return the new call's observation, for the client's hooks to fill
     */
    public Observation start() {
        return new Observation(this, nanoTime());
    }

    /**
     * The clock every time of this recorder's records comes from.
     *
     * @return nanoseconds, from an arbitrary origin, as {@link System#nanoTime()}
     */
    public long nanoTime() {
        return nanoClock.getAsLong();
    }

    /**
     * The numbering of this file's connections, shared by every client recording into it.
     *
     * @return this recorder's connection ids
     */
    public ConnectionIds connections() {
        return connections;
    }

    /**
     * Records written so far.
     *
     * @return the number of records handed to the file
     */
    public long written() {
        return written.get();
    }

    /**
     * Records lost: written after {@link #close()}, or when writing to the file failed.
     *
     * @return the number of records not in the file
     */
    public long dropped() {
        return dropped.get();
    }

    /**
     * Pushes every record written so far to the file (the periodic flush does this every second).
     *
     * @throws IOException if the file cannot be written
     */
    public void flush() throws IOException {
        writer.flush();
    }

    /**
     * Stops the periodic flush, flushes and closes the file. Calls that end later are counted as dropped.
     *
     * @throws IOException the first failure to write a record or to close the file
     */
    @Override
    public void close() throws IOException {
        closed = true;
        if (flusher != null) {
            flusher.shutdownNow();
        }
        IOException failure = firstFailure;
        try {
            writer.close();
        } catch (IOException e) {
            if (failure == null) {
                throw e;
            }
            failure.addSuppressed(e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Seconds from this recorder's start to {@code nanos} on its clock. */
    double seconds(long nanos) {
        return (nanos - startNanos) / NANOS_PER_SECOND;
    }

    void write(RequestRecord record) {
        if (closed) {
            dropped.incrementAndGet();
            return;
        }
        try {
            writer.write(record);
            written.incrementAndGet();
        } catch (IOException e) {
            dropped.incrementAndGet();
            if (firstFailure == null) {
                firstFailure = e;
            }
        }
    }

    private void flushQuietly() {
        try {
            writer.flush();
        } catch (IOException e) {
            if (firstFailure == null) {
                firstFailure = e;
            }
        }
    }
}
