package io.proxybench.harness.sinks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RateWindowTest {
    private static final long MS = 1_000_000;

    @Test
    void theRateLooksBackAboutOneWindowFromTheNewestSample() {
        RateWindow window = new RateWindow(1_000 * MS, 0);

        assertThat(window.perSecond(200 * MS, 20)).isCloseTo(100, within(1e-9));
        for (long t = 400; t <= 1_000; t += 200) {
            window.perSecond(t * MS, t / 10);
        }
        // a jump after a steady 100/s: the base is the sample one window back (200 ms, count 20), then (400, 40)
        assertThat(window.perSecond(1_200 * MS, 400)).isCloseTo(380, within(1e-9));
        assertThat(window.perSecond(1_400 * MS, 460)).isCloseTo(420, within(1e-9));
    }

    @Test
    void sparseSamplesGiveTheRateSinceThePreviousOne() {
        RateWindow window = new RateWindow(1_000 * MS, 0);
        window.perSecond(5_000 * MS, 500);

        assertThat(window.perSecond(10_000 * MS, 1_500)).isCloseTo(200, within(1e-9));
    }

    @Test
    void noTimeNoRate() {
        assertThat(new RateWindow(1_000 * MS, 7).perSecond(7, 0)).isZero();
    }
}
