package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BurstsTest {

    @Test
    void groupsShareOneScheduledTime() {
        ArrivalSchedule schedule = ArrivalSchedule.bursts(3, Duration.ofSeconds(1), Duration.ofSeconds(3));

        assertThat(schedule.plannedCount()).isEqualTo(9);
        assertThat(ScheduleTimes.drain(schedule)).containsExactly(
                0, 0, 0,
                1_000_000_000L, 1_000_000_000L, 1_000_000_000L,
                2_000_000_000L, 2_000_000_000L, 2_000_000_000L);
    }

    @Test
    void aGroupBeforeTheEndIsScheduledAndOneAtTheEndIsNot() {
        ArrivalSchedule partial = ArrivalSchedule.bursts(2, Duration.ofMillis(400), Duration.ofSeconds(1));
        ArrivalSchedule exact = ArrivalSchedule.bursts(2, Duration.ofMillis(500), Duration.ofSeconds(1));

        assertThat(ScheduleTimes.drain(partial)).containsExactly(0, 0, 400_000_000, 400_000_000, 800_000_000, 800_000_000);
        assertThat(partial.plannedCount()).isEqualTo(6);
        assertThat(ScheduleTimes.drain(exact)).containsExactly(0, 0, 500_000_000, 500_000_000);
        assertThat(exact.plannedCount()).isEqualTo(4);
    }

    @Test
    void describesItselfOnOneLine() {
        assertThat(ArrivalSchedule.bursts(50, Duration.ofMillis(500), Duration.ofMinutes(2)).describe())
                .isEqualTo("bursts of 50 every 500ms for 2m");
    }

    @Test
    void rejectsBadArgumentsNamingTheParameter() {
        Duration second = Duration.ofSeconds(1);
        assertThatThrownBy(() -> ArrivalSchedule.bursts(0, second, second))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size must be in [1, ");
        assertThatThrownBy(() -> ArrivalSchedule.bursts(1, Duration.ZERO, second))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("every must be in (0, 24h]");
        assertThatThrownBy(() -> ArrivalSchedule.bursts(1, second, Duration.ofSeconds(-5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duration must be in (0, 24h]");
        assertThatThrownBy(() -> ArrivalSchedule.bursts(Integer.MAX_VALUE, Duration.ofNanos(1), Duration.ofDays(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("size × (duration / every)");
    }
}
