package io.proxybench.lab.target;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A stall window of the target: while it lasts, the target starts no response; each waits until the window ends.
 * Starting a stall while one runs extends the window to the later end, never shortens it. Thread-safe; times are
 * nanoseconds on the given monotonic clock ({@link System#nanoTime()} for the server).
 */
final class Stall {

    /** The longest stall one call may ask for. */
    static final Duration MAX = Duration.ofMinutes(10);

    private final LongSupplier clock;
    /** When the window ends, on {@link #clock}; at or before now when there is no stall. */
    private final AtomicLong endNanos;

    Stall(LongSupplier clock) {
        this.clock = clock;
        this.endNanos = new AtomicLong(clock.getAsLong());
    }

    /**
     * Stalls from now for {@code length}, or until a running stall's later end.
     *
     * @return nanoseconds from now until the window ends, at least {@code length}
     * @throws IllegalArgumentException unless {@code 0 < length <= MAX}
     */
    long start(Duration length) {
        if (length.isNegative() || length.isZero() || length.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("a stall lasts more than 0 and at most " + MAX.toMillis()
                    + " ms, got " + length.toMillis() + " ms");
        }
        long now = clock.getAsLong();
        long end = endNanos.accumulateAndGet(now + length.toNanos(), (a, b) -> a - b >= 0 ? a : b);
        return end - now;
    }

    /** Nanoseconds until the window ends, 0 when there is no stall now. */
    long remainingNanos() {
        return Math.max(0, endNanos.get() - clock.getAsLong());
    }
}
