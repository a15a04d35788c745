package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class BodyMedianTest {

    @Test
    void noMedianBeforeTwentyBodies() {
        BodyMedian median = new BodyMedian();
        for (int i = 0; i < BodyMedian.MIN_BODIES - 1; i++) {
            median.add(100);
            assertThat(median.median()).isNull();
        }
        median.add(100);
        assertThat(median.median()).isEqualTo(100.0);
    }

    /** The kept median is, after every length, what the histogram's own percentile says. */
    @Test
    void isAlwaysTheHistogramsMedianWhateverTheLengths() {
        Random random = new Random(25);
        for (int round = 0; round < 20; round++) {
            BodyMedian median = new BodyMedian();
            Histogram reference = new Histogram(2);
            reference.setAutoResize(true);
            int spread = 1 + random.nextInt(round % 2 == 0 ? 3 : 100_000);
            for (int i = 0; i < 3_000; i++) {
                long length = random.nextInt(10) == 0 ? random.nextInt(50) : 600 + random.nextInt(spread);
                if (i > 1_500 && round % 3 == 0) {
                    length = 5; // the run turns to small bodies: the median must follow
                }
                median.add(length);
                reference.recordValue(length);
                Double expected = reference.getTotalCount() < BodyMedian.MIN_BODIES ? null
                        : (double) reference.getValueAtPercentile(50);
                if (random.nextInt(3) == 0 || i > 2_990) {
                    assertThat(median.median()).as("round %d, length %d", round, i).isEqualTo(expected);
                }
            }
        }
    }
}
