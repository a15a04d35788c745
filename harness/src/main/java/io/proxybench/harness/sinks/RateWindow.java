package io.proxybench.harness.sinks;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * The rate of a growing count over the last window, from samples the caller takes on its own clock: the rate
 * since the newest sample at least one window old, or since the first sample while none is. One thread.
 */
final class RateWindow {
    private record Sample(long atNanos, long count) {}

    private final long windowNanos;
    private final Deque<Sample> samples = new ArrayDeque<>();

    /**
     * @param windowNanos how far back the rate looks, in nanoseconds
     * @param startNanos the time at which the count was 0, on the caller's clock
     */
    RateWindow(long windowNanos, long startNanos) {
        this.windowNanos = windowNanos;
        samples.add(new Sample(startNanos, 0));
    }

    /** Adds the count at {@code nowNanos} (non-decreasing) and returns its rate over the window, per second. */
    double perSecond(long nowNanos, long count) {
        samples.addLast(new Sample(nowNanos, count));
        while (samples.size() > 2 && nowNanos - secondOldest().atNanos >= windowNanos) {
            samples.removeFirst();
        }
        Sample base = samples.getFirst();
        return nowNanos == base.atNanos ? 0 : (count - base.count) * 1e9 / (nowNanos - base.atNanos);
    }

    private Sample secondOldest() {
        Iterator<Sample> it = samples.iterator();
        it.next();
        return it.next();
    }
}
