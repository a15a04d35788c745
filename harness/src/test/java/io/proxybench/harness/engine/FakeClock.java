package io.proxybench.harness.engine;

import java.util.PriorityQueue;
import java.util.function.LongSupplier;

/**
 * A clock that only moves when the runner sleeps (or a test advances it), running the timers that fall due on the
 * way, in time order, on the sleeping thread. Readings start at an arbitrary origin so the runner must subtract
 * its own start.
 */
final class FakeClock implements LongSupplier, Sleeper {
    static final long ORIGIN_NANOS = 1_000_000_000_000L;

    private record Timer(long atNanos, long seq, Runnable action) {}

    private final PriorityQueue<Timer> timers = new PriorityQueue<>(
            (a, b) -> a.atNanos != b.atNanos ? Long.compare(a.atNanos, b.atNanos) : Long.compare(a.seq, b.seq));
    private long nowNanos = ORIGIN_NANOS;
    private long seq;

    @Override
    public long getAsLong() {
        return nowNanos;
    }

    /** Nanoseconds since the origin (the runner's start, as the runner reads the clock first). */
    long elapsedNanos() {
        return nowNanos - ORIGIN_NANOS;
    }

    /** Runs {@code action} once the clock reaches {@code elapsedNanos} since the origin. */
    void at(long elapsedNanos, Runnable action) {
        timers.add(new Timer(ORIGIN_NANOS + elapsedNanos, seq++, action));
    }

    /** A {@link FiringTimer} on this clock: its tasks run, in time order, while a thread sleeps on it. */
    FiringTimer timer() {
        return (deadlineNanos, task) -> timers.add(new Timer(deadlineNanos, seq++, task));
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        while (!timers.isEmpty() && timers.peek().atNanos <= deadlineNanos) {
            Timer timer = timers.poll();
            nowNanos = Math.max(nowNanos, timer.atNanos);
            timer.action.run();
        }
        nowNanos = Math.max(nowNanos, deadlineNanos);
    }

    /** Moves the clock forward by {@code nanos}, running due timers: time spent by the calling thread. */
    void advance(long nanos) {
        sleepUntil(nowNanos + nanos);
    }
}
