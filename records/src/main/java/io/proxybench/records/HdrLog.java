package io.proxybench.records;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.HdrHistogram.HistogramLogWriter;

/**
 * An HdrHistogram interval log file of a run's {@link PhaseHistograms}: a header (format version, start time,
 * base time, legend), then one tagged interval per phase every {@code intervalMillis} from a daemon thread, and a
 * last one at {@link #close()}. Interval timestamps are seconds after the base time (the log's opening); values
 * are microseconds, so the max column (value / 10⁶) reads in seconds. Intervals tile the run without gaps.
 */
public final class HdrLog implements AutoCloseable {
    /** The interval between two histograms of a tag, in milliseconds. */
    public static final long INTERVAL_MILLIS = 1_000;
    /** How long {@link #close()} waits for a running tick, in milliseconds. */
    private static final long CLOSE_WAIT_MILLIS = 5_000;

    private final Path file;
    private final PhaseHistograms phases;
    private final PhaseHistograms.IntervalListener listener;
    private final LongSupplier epochMillis;
    private final PrintStream stream;
    private final HistogramLogWriter writer;
    private final ScheduledExecutorService ticker;
    private long intervalStartMillis;
    private boolean closed;

    /**
     * @param epochMillis wall clock in milliseconds since the epoch
     * @param intervalMillis period of the ticker; {@code 0} for none (intervals only through {@link #tick()})
     */
    HdrLog(Path file, PhaseHistograms phases, LongSupplier epochMillis, long intervalMillis, List<String> comments,
            PhaseHistograms.IntervalListener listener) throws IOException {
        this.file = file;
        this.phases = phases;
        this.listener = listener;
        this.epochMillis = epochMillis;
        this.stream = new PrintStream(new BufferedOutputStream(Files.newOutputStream(file)), false,
                StandardCharsets.UTF_8);
        this.writer = new HistogramLogWriter(stream);
        intervalStartMillis = epochMillis.getAsLong();
        writer.outputLogFormatVersion();
        writer.outputComment("proxybench run: latency of successful requests per phase, in microseconds");
        for (String comment : comments) {
            writer.outputComment(comment);
        }
        writer.outputStartTime(intervalStartMillis);
        writer.setBaseTime(intervalStartMillis);
        writer.outputBaseTime(intervalStartMillis);
        writer.outputLegend();
        stream.flush();
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "proxybench-hdr-log");
            t.setDaemon(true);
            return t;
        });
        if (intervalMillis > 0) {
            ticker.scheduleAtFixedRate(this::tick, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Where a run's interval log goes by default: beside its records {@code out}, named {@code out}{@code .hlog}. */
    public static Path besides(Path records) {
        return records.resolveSibling(records.getFileName() + ".hlog");
    }

    /**
     * Opens (truncates) {@code file} and writes an interval every {@link #INTERVAL_MILLIS} until closed. The header
     * carries {@code comments} after its own, e.g. a shard's {@code segment 1/4:1/2 of 0,1/4,1/2,1}; {@code listener}
     * is told each interval histogram as it is written.
     */
    public static HdrLog open(Path file, PhaseHistograms phases, List<String> comments,
            PhaseHistograms.IntervalListener listener) throws IOException {
        return new HdrLog(file, phases, System::currentTimeMillis, INTERVAL_MILLIS, comments, listener);
    }

    /**
     * As {@link #open(Path, PhaseHistograms, List, PhaseHistograms.IntervalListener)}, an interval every
     * {@code intervalMillis} (more than 0): a watch's day-long logs use longer intervals than a run's.
     */
    public static HdrLog open(Path file, PhaseHistograms phases, List<String> comments,
            PhaseHistograms.IntervalListener listener, long intervalMillis) throws IOException {
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException("interval " + intervalMillis + " ms must be more than 0");
        }
        return new HdrLog(file, phases, System::currentTimeMillis, intervalMillis, comments, listener);
    }

    /** Writes the interval from the previous one until now, unless closed. */
    synchronized void tick() {
        if (closed) {
            return;
        }
        long nowMillis = epochMillis.getAsLong();
        phases.writeInterval(writer, intervalStartMillis, nowMillis, listener);
        intervalStartMillis = nowMillis;
        stream.flush();
    }

    /**
     * Stops the ticker, writes the last interval and closes the file.
     *
     * @throws IOException if any write to the file failed
     */
    @Override
    public void close() throws IOException {
        ticker.shutdown();
        try {
            ticker.awaitTermination(CLOSE_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean failed;
        synchronized (this) {
            tick();
            closed = true;
            failed = stream.checkError();
            writer.close();
        }
        if (failed) {
            throw new IOException("cannot write " + file);
        }
    }
}
