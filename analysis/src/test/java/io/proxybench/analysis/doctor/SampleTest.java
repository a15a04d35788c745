package io.proxybench.analysis.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.analysis.Percentiles;
import java.util.Arrays;
import java.util.Random;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;

class SampleTest {
    /** Each value is its bucket's middle, within 0.05% of it, and so is a value between two of them. */
    private static final Percentage WITHIN_PRECISION = Percentage.withPercentage(0.05);

    @Test
    void percentilesAreAListsWithinTheHistogramsPrecision() {
        Random random = new Random(1);
        for (int n : new int[] {1, 2, 3, 10, 101, 5_000}) {
            Sample sample = new Sample();
            double[] seconds = new double[n];
            for (int i = 0; i < n; i++) {
                seconds[i] = Math.round(random.nextDouble() * random.nextDouble() * 5e6) / 1e6;
                sample.addSeconds(seconds[i]);
            }
            Percentiles exact = Percentiles.of(seconds);

            assertThat(sample.count()).isEqualTo(n);
            assertThat(sample.secondsAt(50)).as("median of %d", n).isCloseTo(exact.p50(), WITHIN_PRECISION);
            assertThat(sample.secondsAt(90)).as("p90 of %d", n).isCloseTo(exact.p90(), WITHIN_PRECISION);
            assertThat(sample.minSeconds()).isCloseTo(Arrays.stream(seconds).min().orElseThrow(), WITHIN_PRECISION);
        }
    }

    @Test
    void smallCountsAreExactAndAnEvenMedianIsBetweenTheMiddleTwo() {
        Sample sample = new Sample();
        for (long v : new long[] {1, 2, 7, 1000}) {
            sample.add(v);
        }

        assertThat(sample.percentile(50)).isEqualTo(4.5);
        assertThat(sample.percentile(100)).isEqualTo(1000);
        assertThat(new Sample().percentile(50)).isZero();
        assertThat(new Sample().minSeconds()).isZero();
    }

    @Test
    void aSampleSplitsByAPredicateOnItsValues() {
        Sample sample = new Sample();
        for (long v = 1; v <= 10; v++) {
            sample.add(v * 100_000);
        }

        Sample above = sample.where(v -> v > 450_000);
        Sample below = sample.where(v -> v <= 450_000);

        assertThat(above.count()).isEqualTo(6);
        assertThat(below.count()).isEqualTo(4);
        assertThat(above.minSeconds()).isCloseTo(0.5, within(0.0005));
        assertThat(below.secondsAt(50)).isCloseTo(0.25, within(0.0005));
    }
}
