package io.proxybench.watch.check;

/**
 * Wall-clock time read from the monotonic clock: anchored once to the wall clock, so intervals between two readings
 * are exact (a wall-clock step never makes a check's phases negative), and the time of day is the wall clock's at
 * the anchor plus the time since.
 */
public final class WallClock {

    private final long anchorEpochNanos;
    private final long anchorNanoTime;

    public WallClock() {
        this.anchorNanoTime = System.nanoTime();
        this.anchorEpochNanos = System.currentTimeMillis() * 1_000_000L;
    }

    /** Nanoseconds since the Unix epoch, now. */
    public long epochNanos() {
        return anchorEpochNanos + (System.nanoTime() - anchorNanoTime);
    }

    /** Milliseconds since the Unix epoch, now. */
    public long epochMillis() {
        return epochNanos() / 1_000_000L;
    }
}
