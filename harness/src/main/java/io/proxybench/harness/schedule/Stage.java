package io.proxybench.harness.schedule;

import io.proxybench.harness.Durations;
import java.time.Duration;

/**
 * A constant request rate held for a duration.
 *
 * @param ratePerSec requests per second, in (0, {@value #MAX_RATE_PER_SEC}]: at most one request per nanosecond,
 *                   so consecutive scheduled times are distinct
 * @param duration   how long the rate holds, in (0, {@link #MAX_DURATION}]
 */
public record Stage(double ratePerSec, Duration duration) {

    /** One request per nanosecond. */
    public static final double MAX_RATE_PER_SEC = 1e9;

    public static final Duration MAX_DURATION = Duration.ofDays(1);

    public Stage {
        requireRate(ratePerSec);
        requireDuration("duration", duration);
    }

    public long durationNanos() {
        return duration.toNanos();
    }

    /** E.g. {@code 100/s for 10s}. */
    public String describe() {
        return StageSyntax.formatRate(ratePerSec) + " for " + Durations.format(duration);
    }

    static void requireRate(double ratePerSec) {
        if (!(ratePerSec > 0 && ratePerSec <= MAX_RATE_PER_SEC)) {
            throw new IllegalArgumentException(
                    "ratePerSec must be in (0, 1e9] requests per second, was " + ratePerSec);
        }
    }

    static void requireDuration(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero() || value.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException(name + " must be in (0, 24h], was "
                    + (value == null ? "none" : Durations.format(value)));
        }
    }
}
