package io.proxybench.harness.schedule;

/**
 * Request {@code i} at {@code startNanos + round(i · 1e9 / rate)} nanoseconds, for every {@code i} whose offset
 * from {@code startNanos} is before the stage's end. Rounding each time from {@code i} (not summing gaps) keeps
 * the error under half a nanosecond at any length.
 */
final class ConstantRate implements ArrivalSchedule {

    private final Stage stage;
    private final long startNanos;
    private final long count;
    private long next;

    ConstantRate(Stage stage, long startNanos) {
        this.stage = stage;
        this.startNanos = startNanos;
        this.count = countBefore(stage.durationNanos());
    }

    @Override
    public long nextFireTimeNanos() {
        if (next == count) {
            return NONE;
        }
        return startNanos + offsetNanos(next++);
    }

    @Override
    public long plannedCount() {
        return count;
    }

    @Override
    public String describe() {
        return "constant " + stage.describe();
    }

    private long offsetNanos(long i) {
        return Math.round(i * 1e9 / stage.ratePerSec());
    }

    /** The number of requests whose offset is before {@code endNanos}: the floating estimate, corrected exactly. */
    private long countBefore(long endNanos) {
        long n = (long) Math.ceil(stage.ratePerSec() * endNanos / 1e9);
        while (n > 0 && offsetNanos(n - 1) >= endNanos) {
            n--;
        }
        while (offsetNanos(n) < endNanos) {
            n++;
        }
        return n;
    }
}
