package io.proxybench.harness.sinks;

import io.proxybench.harness.engine.LiveRun;
import io.proxybench.harness.engine.RunnerCounters;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The live progress of a run on a daemon thread, a sink that writes no record: one {@link ProgressSnapshot#line()}
 * from the run's counters and statistics ({@link LiveRun}), from the schedule's start. On a terminal ({@code System.console() != null}) it rewrites a single line with
 * {@code \r} every {@link #TERMINAL_PERIOD_NANOS} and blanks it at {@link #close()}, so the summary that follows
 * starts on a clean line; otherwise it prints a plain line every {@link #PLAIN_PERIOD_NANOS}. {@link #close()}
 * stops and joins the thread within {@link #JOIN_MILLIS}.
 */
public final class Progress implements RecordSink {
    /** Period of the rewritten line on a terminal, in nanoseconds. */
    static final long TERMINAL_PERIOD_NANOS = 200_000_000L;
    /** Period of plain lines, in nanoseconds. */
    static final long PLAIN_PERIOD_NANOS = 5_000_000_000L;
    /** How far back the achieved rate looks, in nanoseconds. */
    static final long RATE_WINDOW_NANOS = 1_000_000_000L;
    /** How long {@link #close()} waits for the thread, in milliseconds. */
    static final long JOIN_MILLIS = 2_000;

    private final PrintWriter out;
    private final boolean terminal;
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread = new Thread(this::report, "proxybench-progress");
    private volatile LiveRun live;
    private volatile RateWindow sentRate;
    private volatile long startNanos;
    private volatile int lineLength;

    /** @param out where the lines go: stderr, so stdout keeps only the summary */
    public Progress(PrintWriter out) {
        this.out = out;
        this.terminal = System.console() != null;
        thread.setDaemon(true);
    }

    /** Starts reporting now, the schedule's start. */
    @Override
    public void start(LiveRun run) {
        live = run;
        startNanos = System.nanoTime();
        sentRate = new RateWindow(RATE_WINDOW_NANOS, startNanos);
        thread.start();
    }

    @Override
    public void accept(RequestRecord record) {}

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
        RunnerCounters stats = live.counters();
        return new ProgressSnapshot(nowNanos - startNanos, (long) (live.plannedSeconds() * 1e9),
                sentRate.perSecond(nowNanos, stats.sent()), stats.inFlight(), stats.ok(), stats.errors(),
                stats.retries(), stats.backlog(), live.statistics(s -> s.latency().of(Phase.TOTAL)));
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
        if (live == null) {
            return;
        }
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
