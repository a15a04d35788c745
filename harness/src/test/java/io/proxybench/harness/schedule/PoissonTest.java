package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoissonTest {

    private static final double RATE_PER_SEC = 1000;
    private static final Duration DURATION = Duration.ofSeconds(20);
    private static final double MEAN_GAP_NANOS = 1e9 / RATE_PER_SEC;

    @Test
    void theSameSeedGivesTheSameTimesAndAnotherSeedDoesNot() {
        long[] first = ScheduleTimes.drain(ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, 42));
        long[] again = ScheduleTimes.drain(ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, 42));
        long[] other = ScheduleTimes.drain(ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, 43));

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void timesAreNonDecreasingAndInsideTheRun() {
        long[] times = ScheduleTimes.drain(ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, 7));

        assertThat(times).isSorted();
        assertThat(times[0]).isNotNegative();
        assertThat(times[times.length - 1]).isLessThan(DURATION.toNanos());
    }

    /** The count of a Poisson process over D seconds has mean and variance rate·D. */
    @Test
    void countIsWithinFourStandardDeviationsOfRateTimesDuration() {
        double expected = RATE_PER_SEC * DURATION.toSeconds();
        double sd = Math.sqrt(expected);
        for (long seed = 1; seed <= 5; seed++) {
            ArrivalSchedule schedule = ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, seed);

            assertThat(schedule.plannedCount()).isEqualTo(ArrivalSchedule.NONE);
            assertThat((double) ScheduleTimes.drain(schedule).length)
                    .as("seed %d", seed)
                    .isBetween(expected - 4 * sd, expected + 4 * sd);
        }
    }

    @Test
    void gapsPassKolmogorovSmirnovAgainstTheExponentialAtOnePercent() {
        double[] gaps = gapsNanos(ScheduleTimes.drain(ArrivalSchedule.poisson(RATE_PER_SEC, DURATION, 42)));

        double d = KolmogorovSmirnov.statistic(gaps, KolmogorovSmirnov.exponentialCdf(MEAN_GAP_NANOS));

        assertThat(d).isLessThan(KolmogorovSmirnov.criticalValue001(gaps.length));
    }

    /** The check above can fail: constant gaps with the same mean are far from exponential. */
    @Test
    void constantGapsFailKolmogorovSmirnovAgainstTheExponential() {
        double[] gaps = gapsNanos(ScheduleTimes.drain(ArrivalSchedule.constant(RATE_PER_SEC, DURATION)));

        double d = KolmogorovSmirnov.statistic(gaps, KolmogorovSmirnov.exponentialCdf(MEAN_GAP_NANOS));

        assertThat(d).isGreaterThan(KolmogorovSmirnov.criticalValue001(gaps.length));
    }

    /** Gaps between consecutive times, the first measured from the run's start. */
    private static double[] gapsNanos(long[] times) {
        double[] gaps = new double[times.length];
        long previous = 0;
        for (int i = 0; i < times.length; i++) {
            gaps[i] = times[i] - previous;
            previous = times[i];
        }
        return gaps;
    }

    @Test
    void describesItselfWithItsSeed() {
        assertThat(ArrivalSchedule.poisson(200, DURATION, 42).describe()).isEqualTo("poisson 200/s for 20s (seed 42)");
    }
}
