package io.proxybench.watch.check;

/**
 * Wall-clock time read from the monotonic clock: anchored once to the wall clock, so intervals between two readings
 * are exact (a wall-clock step never makes a check's phases negative), and the time of day is the wall clock's at
 * the anchor plus the time since.
 */
public final class WallClock {

    /** How far the two clocks may drift apart before {@link #resync()} anchors again: 1 s. */
    static final long DRIFT_NANOS = 1_000_000_000L;

    /** {epoch nanoseconds, nanoTime} at the anchor, replaced together. */
    private volatile long[] anchor;

    public WallClock() {
        anchor = new long[] {System.currentTimeMillis() * 1_000_000L, System.nanoTime()};
    }

    /** Nanoseconds since the Unix epoch, now. */
    public long epochNanos() {
        long[] a = anchor;
        return a[0] + (System.nanoTime() - a[1]);
    }

    /**
     * Anchors to the wall clock again when the two have drifted more than a second apart (a suspended machine, a
     * paused VM, a clock stepped by NTP), so that days and minutes stay the wall's. Watch calls it every second.
     */
    public void resync() {
        long wall = System.currentTimeMillis() * 1_000_000L;
        if (Math.abs(wall - epochNanos()) > DRIFT_NANOS) {
            anchor = new long[] {wall, System.nanoTime()};
        }
    }

    /** Milliseconds since the Unix epoch, now. */
    public long epochMillis() {
        return epochNanos() / 1_000_000L;
    }
}
