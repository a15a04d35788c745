package io.proxybench.harness;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The live progress of a run on a daemon thread: one {@link ProgressSnapshot#line()} from {@link RunStats} and
 * {@link LatencySoFar}. On a terminal ({@code System.console() != null}) it rewrites a single line with
 * {@code \r} every {@link #TERMINAL_PERIOD_NANOS} and blanks it at {@link #close()}, so the summary that follows
 * starts on a clean line; otherwise it prints a plain line every {@link #PLAIN_PERIOD_NANOS}. {@link #close()}
 * stops and joins the thread within {@link #JOIN_MILLIS}.
 */
public final class Progress implements AutoCloseable {
    /** Period of the rewritten line on a terminal, in nanoseconds. */
    static final long TERMINAL_PERIOD_NANOS = 200_000_000L;
    /** Period of plain lines, in nanoseconds. */
    static final long PLAIN_PERIOD_NANOS = 5_000_000_000L;
    /** How far back the achieved rate looks, in nanoseconds. */
    static final long RATE_WINDOW_NANOS = 1_000_000_000L;
    /** How long {@link #close()} waits for the thread, in milliseconds. */
    static final long JOIN_MILLIS = 2_000;

    private final RunStats stats;
    private final LatencySoFar latency;
    private final long plannedNanos;
    private final PrintWriter out;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private final RateWindow sentRate = new RateWindow(RATE_WINDOW_NANOS, startNanos);
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread = new Thread(this::report, "proxybench-progress");
    private volatile int lineLength;

    private Progress(RunStats stats, LatencySoFar latency, long plannedNanos, PrintWriter out, boolean terminal) {
        this.stats = stats;
        this.latency = latency;
        this.plannedNanos = plannedNanos;
        this.out = out;
        this.terminal = terminal;
    }

    /**
     * Starts reporting now, which should be the run's start.
     *
     * @param planned the schedule's length, for the time left
     * @param out where the lines go: stderr, so stdout keeps only the summary
     */
    public static Progress start(RunStats stats, LatencySoFar latency, Duration planned, PrintWriter out) {
        Progress progress = new Progress(stats, latency, planned.toNanos(), out, System.console() != null);
        progress.thread.setDaemon(true);
        progress.thread.start();
        return progress;
    }

    private void report() {
        long periodNanos = terminal ? TERMINAL_PERIOD_NANOS : PLAIN_PERIOD_NANOS;
        try {
            while (!stop.await(periodNanos, TimeUnit.NANOSECONDS)) {
                show(snapshot(System.nanoTime()).line());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ProgressSnapshot snapshot(long nowNanos) {
        return new ProgressSnapshot(nowNanos - startNanos, plannedNanos, sentRate.perSecond(nowNanos, stats.sent()),
                stats.inFlight(), stats.ok(), stats.errors(), stats.retries(), stats.backlog(), latency.read());
    }

    private void show(String line) {
        if (terminal) {
            out.print("\r" + line + " ".repeat(Math.max(0, lineLength - line.length())));
            lineLength = line.length();
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** Stops the thread and, on a terminal, blanks the line. */
    @Override
    public void close() {
        stop.countDown();
        try {
            thread.join(JOIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (lineLength > 0) {
            out.print("\r" + " ".repeat(lineLength) + "\r");
            out.flush();
        }
    }
}
