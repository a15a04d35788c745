package io.proxybench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Stalls the lab's target a set time into a {@code proxybench run} that runs on another thread, and brackets the
 * run's start {@code T0} (when its schedule started: a record's {@code sched} and {@code done} count from it) on
 * {@link System#nanoTime()}, the clock of both the run and the lab's stall, so records can be placed against the
 * stall.
 *
 * <p>The bracket rests on two things {@code proxybench run} does: it creates its {@code --hdr-log} file before it
 * starts the schedule, so {@code T0} comes after any moment the watcher saw that file absent; and it writes each
 * record to {@code --out} after taking its {@code done} time, so a record visible in the file at time {@code W}
 * has {@code T0 + done <= W}. The watcher samples the records file's size about every millisecond; after the run,
 * the tightest sample gives the upper bound. The bracket is therefore tight whatever the run's latencies: it only
 * needs one record written soon after its completion.
 */
final class StallDuringRun implements AutoCloseable {

    /** How often the watcher samples, in nanoseconds. */
    private static final long POLL_NANOS = 1_000_000;
    /** Slack for seconds-as-double round trips, in nanoseconds. */
    private static final long ROUNDING_NANOS = 1_000;

    private final Lab lab;
    private final Path records;
    private final Path hdrLog;
    private final long afterNanos;
    private final Duration length;
    private final long giveUpAt;
    private final Thread thread;
    private volatile boolean stop;

    // Written by the watcher thread, read after it has been joined.
    private long runStartAfter;
    private boolean stalled;
    private long stallCalledAt;
    private long stallReturnedAt;
    private long remainingNanos;
    /** Samples {time after the read, records file size in bytes}, one per size change. */
    private final List<long[]> sizes = new ArrayList<>();
    private Throwable failure;

    private StallDuringRun(Lab lab, Path records, Path hdrLog, Duration after, Duration length, Duration patience,
            long runStartAfter) {
        this.lab = lab;
        this.records = records;
        this.hdrLog = hdrLog;
        this.afterNanos = after.toNanos();
        this.length = length;
        this.giveUpAt = System.nanoTime() + patience.toNanos();
        this.thread = new Thread(this::watch, "stall-during-run");
        this.thread.setDaemon(true);
        this.runStartAfter = runStartAfter;
    }

    /**
     * Starts watching for the run that writes {@code records} and {@code hdrLog} (neither may exist yet); stalls
     * {@code lab}'s target for {@code length} about {@code after} into the run. Gives up after {@code patience}.
     */
    static StallDuringRun start(Lab lab, Path records, Path hdrLog, Duration after, Duration length,
            Duration patience) {
        long checkedAt = System.nanoTime();
        if (Files.exists(records) || Files.exists(hdrLog)) {
            throw new IllegalStateException(records + " or " + hdrLog + " exists before the run");
        }
        StallDuringRun watcher = new StallDuringRun(lab, records, hdrLog, after, length, patience, checkedAt);
        watcher.thread.start();
        return watcher;
    }

    private void watch() {
        try {
            while (true) {
                long now = System.nanoTime();
                if (Files.exists(hdrLog)) {
                    break;
                }
                runStartAfter = now;
                pause(POLL_NANOS / 5);
            }
            long stallAt = runStartAfter + afterNanos;
            long lastSize = -1;
            while (!stop) {
                if (!stalled && System.nanoTime() - stallAt >= 0) {
                    stallCalledAt = System.nanoTime();
                    remainingNanos = lab.stallTarget(length).toNanos();
                    stallReturnedAt = System.nanoTime();
                    stalled = true;
                }
                long size = Files.size(records);
                long seenBy = System.nanoTime();
                if (size != lastSize) {
                    sizes.add(new long[] {seenBy, size});
                    lastSize = size;
                }
                pause(stalled ? POLL_NANOS : Math.max(0, Math.min(POLL_NANOS, stallAt - System.nanoTime())));
            }
        } catch (Throwable e) {
            failure = e;
        }
    }

    private void pause(long nanos) throws TimeoutException {
        if (System.nanoTime() - giveUpAt > 0) {
            throw new TimeoutException("the run did not start or end in time");
        }
        LockSupport.parkNanos(nanos);
    }

    /** Stops the watcher; call once the run has returned. */
    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.join();
    }

    /** Stops the watcher and works out the bracket from the finished records file. */
    Times times() throws Exception {
        close();
        if (failure != null) {
            throw new IllegalStateException("the stall watcher failed: " + failure, failure);
        }
        if (!stalled) {
            throw new IllegalStateException("the run ended before the stall was due");
        }
        long runStartNoLaterThan = Long.MAX_VALUE;
        List<Double> maxDoneSoFar = new ArrayList<>();
        List<Long> lineEnds = new ArrayList<>();
        byte[] bytes = Files.readAllBytes(records);
        ObjectMapper json = new ObjectMapper();
        double maxDone = Double.NEGATIVE_INFINITY;
        for (int start = 0, end; start < bytes.length; start = end + 1) {
            end = indexOf(bytes, (byte) '\n', start);
            double done = json.readTree(new String(bytes, start, end - start, StandardCharsets.UTF_8))
                    .path("done").asDouble();
            maxDone = Math.max(maxDone, done);
            maxDoneSoFar.add(maxDone);
            lineEnds.add((long) end + 1);
        }
        int complete = 0; // lines wholly inside the sample's size; the file only grows
        for (long[] sample : sizes) {
            while (complete < lineEnds.size() && lineEnds.get(complete) <= sample[1]) {
                complete++;
            }
            if (complete > 0) {
                long bound = sample[0] - Math.round(maxDoneSoFar.get(complete - 1) * 1e9) + ROUNDING_NANOS;
                runStartNoLaterThan = Math.min(runStartNoLaterThan, bound);
            }
        }
        if (runStartNoLaterThan == Long.MAX_VALUE) {
            throw new IllegalStateException("no record was seen in " + records + " during the run");
        }
        return new Times(runStartAfter, runStartNoLaterThan, stallCalledAt, stallReturnedAt, remainingNanos);
    }

    private static int indexOf(byte[] bytes, byte b, int from) throws IOException {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new IOException("the records file ends without a newline");
    }

    /**
     * The bracket and the stall, in {@link System#nanoTime()}: the run started in
     * {@code (runStartAfter, runStartNoLaterThan]}; the stall ended {@code remainingNanos} after a moment in
     * {@code [stallCalledAt, stallReturnedAt]}.
     */
    record Times(long runStartAfter, long runStartNoLaterThan, long stallCalledAt, long stallReturnedAt,
            long remainingNanos) {

        private static final double NANOS_PER_SECOND = 1e9;

        /**
         * A {@code sched} (seconds from the run's start) at or after which a request was surely scheduled after
         * the stall began: it reached the target during the stall or after it, so its reply came after the end.
         */
        double surelyAfterStallBegan() {
            return (stallReturnedAt - runStartAfter) / NANOS_PER_SECOND;
        }

        /**
         * A {@code sched} (seconds from the run's start) before which a request was surely scheduled before the
         * stall ended.
         */
        double surelyBeforeStallEnded() {
            return (stallCalledAt + remainingNanos - runStartNoLaterThan) / NANOS_PER_SECOND;
        }

        /**
         * The least {@code total} (seconds) of a request scheduled at {@code sched} after the stall began: its
         * reply came after the stall's end, and total counts from the scheduled time.
         */
        double leastTotal(double sched) {
            return surelyBeforeStallEnded() - sched;
        }

        /** How long the stall lasted, in seconds. */
        double lengthSeconds() {
            return remainingNanos / NANOS_PER_SECOND;
        }

        /** The width of the run-start bracket, in milliseconds. */
        double bracketMillis() {
            return (runStartNoLaterThan - runStartAfter) / 1e6;
        }
    }
}
