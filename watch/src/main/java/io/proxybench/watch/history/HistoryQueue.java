package io.proxybench.watch.history;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Every write to the history, on one thread of its own: the checks' callbacks (on the clients' I/O threads, which must
 * not block) and the clock only queue them. The queue is bounded: when the disk falls {@link #CAPACITY} writes
 * behind, a write is dropped and counted ({@link #dropped()}, {@code proxybench_watch_history_dropped_total}) rather
 * than held in memory. A write that fails is said once, until one succeeds again; the checks go on either way.
 */
public final class HistoryQueue implements AutoCloseable {

    /** Writes queued at most: some 10 s of 200 checks/s with their minutes and flushes. */
    static final int CAPACITY = 4096;
    private static final Runnable END = () -> { };

    private final BlockingQueue<Runnable> writes = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicLong dropped = new AtomicLong();
    private final Consumer<String> say;
    private final Thread thread;
    private volatile boolean behind;
    private boolean failing;

    /** @param say tells a person what happened, one line each */
    public HistoryQueue(Consumer<String> say) {
        this.say = say;
        this.thread = new Thread(this::drain, "proxybench-watch-history");
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues {@code write}; drops and counts it when the queue is full. Any thread; never blocks. */
    public void offer(Runnable write) {
        if (writes.offer(write)) {
            behind = false;
            return;
        }
        dropped.incrementAndGet();
        if (!behind) {
            behind = true;
            say.accept("history: the disk is " + CAPACITY + " writes behind: writes are dropped and counted"
                    + " (proxybench_watch_history_dropped_total) until it catches up");
        }
    }

    /** Writes dropped since watch started. */
    public long dropped() {
        return dropped.get();
    }

    private void drain() {
        while (true) {
            Runnable write;
            try {
                write = writes.take();
            } catch (InterruptedException e) {
                return;
            }
            if (write == END) {
                return;
            }
            try {
                write.run();
                if (failing) {
                    failing = false;
                    say.accept("history: writing again");
                }
            } catch (RuntimeException e) {
                if (!failing) {
                    failing = true;
                    say.accept("history: cannot write (" + e.getMessage() + "); the checks, page and metrics go on");
                }
            }
        }
    }

    /** Runs what is queued, then {@code last} (closing the files), and stops; waits up to {@code seconds}. */
    public void close(Runnable last, long seconds) {
        offerWaiting(last, seconds);
        offerWaiting(END, seconds);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(seconds));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void offerWaiting(Runnable write, long seconds) {
        try {
            if (!writes.offer(write, seconds, TimeUnit.SECONDS)) {
                say.accept("history: the last writes did not get through in " + seconds + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(END, 10);
    }
}
