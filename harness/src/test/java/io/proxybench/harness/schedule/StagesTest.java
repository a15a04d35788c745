package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StagesTest {

    private static final List<Stage> RAMP = List.of(
            new Stage(100, Duration.ofSeconds(10)), new Stage(500, Duration.ofSeconds(20)));

    @Test
    void oneHundredThenFiveHundredPerSecondIsElevenThousandRequests() {
        ArrivalSchedule schedule = ArrivalSchedule.stages(RAMP);

        long[] times = ScheduleTimes.drain(schedule);

        assertThat(schedule.plannedCount()).isEqualTo(11_000);
        assertThat(times).hasSize(11_000);
        assertThat(times[0]).isZero();
        assertThat(times[10_999]).isEqualTo(10_000_000_000L + 9_999 * 2_000_000L);
    }

    @Test
    void theSecondStageStartsExactlyAtTheFirstStagesEndWithNoDuplicateOrGap() {
        long[] times = ScheduleTimes.drain(ArrivalSchedule.stages(RAMP));

        assertThat(Arrays.copyOfRange(times, 998, 1002))
                .containsExactly(9_980_000_000L, 9_990_000_000L, 10_000_000_000L, 10_002_000_000L);
        for (int i = 1; i < times.length; i++) {
            long expectedGapNanos = i <= 1000 ? 10_000_000 : 2_000_000;
            assertThat(times[i] - times[i - 1]).as("gap before request %d", i).isEqualTo(expectedGapNanos);
        }
    }

    @Test
    void aStageWhoseLastRequestFallsShortOfItsEndStillHandsOverAtTheEnd() {
        ArrivalSchedule schedule = ArrivalSchedule.stages(List.of(
                new Stage(0.4, Duration.ofSeconds(5)), new Stage(1, Duration.ofSeconds(2))));

        assertThat(schedule.plannedCount()).isEqualTo(4);
        assertThat(ScheduleTimes.drain(schedule))
                .containsExactly(0, 2_500_000_000L, 5_000_000_000L, 6_000_000_000L);
    }

    @Test
    void describesEveryStage() {
        assertThat(ArrivalSchedule.stages(RAMP).describe()).isEqualTo("stages 100/s for 10s, then 500/s for 20s");
    }

    @Test
    void rejectsAnEmptyOrNullList() {
        assertThatThrownBy(() -> ArrivalSchedule.stages(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stages must hold at least one stage");
        assertThatThrownBy(() -> ArrivalSchedule.stages(null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stages must hold at least one stage");
        assertThatThrownBy(() -> ArrivalSchedule.stages(Arrays.asList(RAMP.get(0), null)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no nulls");
    }
}
