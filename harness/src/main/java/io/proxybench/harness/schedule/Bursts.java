package io.proxybench.harness.schedule;

import io.proxybench.harness.Durations;
import java.time.Duration;

/** {@code size} requests at each of 0, {@code every}, 2·{@code every}, ... nanoseconds, while before the end. */
final class Bursts implements ArrivalSchedule {

    private final int size;
    private final Duration every;
    private final Duration duration;
    private final long everyNanos;
    private final long count;
    private long next;

    Bursts(int size, Duration every, Duration duration) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be in [1, " + Integer.MAX_VALUE + "], was " + size);
        }
        Stage.requireDuration("every", every);
        Stage.requireDuration("duration", duration);
        this.size = size;
        this.every = every;
        this.duration = duration;
        this.everyNanos = every.toNanos();
        long groups = (duration.toNanos() - 1) / everyNanos + 1;
        if (groups > Long.MAX_VALUE / size) {
            throw new IllegalArgumentException("size × (duration / every) must be at most " + Long.MAX_VALUE
                    + " requests, was " + size + " × " + groups);
        }
        this.count = groups * size;
    }

    @Override
    public long nextFireTimeNanos() {
        if (next == count) {
            return NONE;
        }
        return next++ / size * everyNanos;
    }

    @Override
    public long plannedCount() {
        return count;
    }

    @Override
    public String describe() {
        return "bursts of " + size + " every " + Durations.format(every)
                + " for " + Durations.format(duration);
    }
}
