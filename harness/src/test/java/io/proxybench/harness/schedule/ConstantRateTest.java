package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConstantRateTest {

    @Test
    void twoHundredPerSecondForTwentySecondsIsFourThousandRequestsFiveMillisecondsApart() {
        ArrivalSchedule schedule = ArrivalSchedule.constant(200, Duration.ofSeconds(20));

        long[] times = ScheduleTimes.drain(schedule);

        assertThat(schedule.plannedCount()).isEqualTo(4000);
        assertThat(times).hasSize(4000);
        for (int i = 0; i < times.length; i++) {
            assertThat(times[i]).as("request %d", i).isEqualTo(i * 5_000_000L);
        }
        assertThat(times[3999]).isEqualTo(19_995_000_000L);
    }

    @Test
    void aFractionalRateRoundsEachTimeToTheNearestNanosecond() {
        long[] times = ScheduleTimes.drain(ArrivalSchedule.constant(3, Duration.ofSeconds(1)));

        assertThat(times).containsExactly(0, 333_333_333, 666_666_667);
    }

    @Test
    void countsEveryRequestScheduledBeforeTheEnd() {
        ArrivalSchedule schedule = ArrivalSchedule.constant(0.5, Duration.ofSeconds(3));

        assertThat(schedule.plannedCount()).isEqualTo(2);
        assertThat(ScheduleTimes.drain(schedule)).containsExactly(0, 2_000_000_000);
    }

    @Test
    void aRequestExactlyAtTheEndIsNotScheduled() {
        ArrivalSchedule schedule = ArrivalSchedule.constant(0.1, Duration.ofSeconds(30));

        assertThat(schedule.plannedCount()).isEqualTo(3);
        assertThat(ScheduleTimes.drain(schedule)).containsExactly(0, 10_000_000_000L, 20_000_000_000L);
    }

    @Test
    void describesItselfOnOneLine() {
        assertThat(ArrivalSchedule.constant(200, Duration.ofSeconds(20)).describe())
                .isEqualTo("constant 200/s for 20s");
        assertThat(ArrivalSchedule.constant(2.5, Duration.ofMillis(1500)).describe())
                .isEqualTo("constant 2.5/s for 1500ms");
    }

    @Test
    void rejectsRatesOutsideTheAcceptedRange() {
        for (double rate : new double[] {0, -1, 2e9, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> ArrivalSchedule.constant(rate, Duration.ofSeconds(1)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("ratePerSec must be in (0, 1e9]");
        }
    }

    @Test
    void rejectsDurationsOutsideTheAcceptedRange() {
        for (Duration duration : new Duration[] {null, Duration.ZERO, Duration.ofSeconds(-1), Duration.ofDays(2)}) {
            assertThatThrownBy(() -> ArrivalSchedule.constant(100, duration))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("duration must be in (0, 24h]");
        }
    }
}
