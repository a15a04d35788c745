package io.proxybench.harness.schedule;

import java.util.SplittableRandom;

/**
 * Poisson arrivals: gaps drawn from the exponential distribution with mean {@code 1 / rate} seconds by inverse
 * transform of a seeded {@link SplittableRandom}. Times accumulate in double nanoseconds and are rounded on the
 * way out, so rounding never drifts.
 */
final class Poisson implements ArrivalSchedule {

    private final Stage stage;
    private final long seed;
    private final long endNanos;
    private final SplittableRandom random;
    private double nextNanos;

    Poisson(Stage stage, long seed) {
        this.stage = stage;
        this.seed = seed;
        this.endNanos = stage.durationNanos();
        this.random = new SplittableRandom(seed);
        this.nextNanos = gapNanos();
    }

    @Override
    public long nextFireTimeNanos() {
        long t = Math.round(nextNanos);
        if (t >= endNanos) {
            return NONE;
        }
        nextNanos += gapNanos();
        return t;
    }

    @Override
    public long plannedCount() {
        return NONE;
    }

    @Override
    public String describe() {
        return "poisson " + stage.describe() + " (seed " + seed + ")";
    }

    /** {@code 1 - u} is in (0, 1], so the logarithm is finite. */
    private double gapNanos() {
        return -Math.log(1 - random.nextDouble()) * 1e9 / stage.ratePerSec();
    }
}
