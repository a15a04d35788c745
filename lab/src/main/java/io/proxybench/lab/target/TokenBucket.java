package io.proxybench.lab.target;

/**
 * A token bucket on a caller-supplied clock: it holds at most {@code burst} tokens, starts full, and gains one
 * token every {@code 1 / ratePerSec} seconds (rounded to whole nanoseconds). Times are nanoseconds read from one
 * monotonic clock, such as {@link System#nanoTime()}. Thread-safe.
 *
 * <p>Kept as the time the bucket would next be full after the tokens taken so far ({@code fullAt}, the
 * generic cell rate algorithm), so all arithmetic is exact: the bucket holds
 * {@code burst - (fullAt - now) / interval} tokens at {@code now}.
 *
 * <p>Public so that a simulation can ask the same bucket the lab's {@code /limited} answers from (the cli hands it
 * to {@code proxybench size-pool}'s simulation, which must agree with the lab).
 */
public final class TokenBucket {

    private static final double NANOS_PER_SECOND = 1e9;

    private final long interval;
    private final long tolerance;
    private long fullAt;

    public TokenBucket(int burst, double ratePerSec, long nowNanos) {
        if (burst < 1 || !(ratePerSec > 0)) {
            throw new IllegalArgumentException("burst must be >= 1 and rate > 0, got " + burst + ", " + ratePerSec);
        }
        this.interval = Math.max(1, Math.round(NANOS_PER_SECOND / ratePerSec));
        this.tolerance = (burst - 1) * interval;
        this.fullAt = nowNanos;
    }

    /** Takes one token if the bucket holds a whole one at {@code nowNanos}; returns whether it did. */
    public synchronized boolean tryTake(long nowNanos) {
        long start = Math.max(fullAt, nowNanos);
        if (start - nowNanos > tolerance) {
            return false;
        }
        fullAt = start + interval;
        return true;
    }

    /** Nanoseconds from {@code nowNanos} until the bucket holds a whole token; 0 when it holds one now. */
    synchronized long nanosUntilToken(long nowNanos) {
        return Math.max(0, fullAt - nowNanos - tolerance);
    }
}
