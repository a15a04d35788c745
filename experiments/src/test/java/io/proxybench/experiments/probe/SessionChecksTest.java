package io.proxybench.experiments.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The probe's idle gaps: doubling within the watch, the last one taking what is left when that is longer. */
class SessionChecksTest {

    @Test
    void idleGapsDoubleWithinTheWatchAndTheLastTakesTheRest() {
        assertThat(SessionChecks.gaps(8_000)).containsExactly(1_000L, 2_000L, 4_000L);
        assertThat(SessionChecks.gaps(2_000)).containsExactly(1_000L);
        List<Long> twoMinutes = SessionChecks.gaps(120_000);
        assertThat(twoMinutes).endsWith(32_000L, 57_000L);
        assertThat(twoMinutes.stream().mapToLong(Long::longValue).sum()).isEqualTo(120_000);
        List<Long> fiveMinutes = SessionChecks.gaps(300_000);
        assertThat(fiveMinutes.get(fiveMinutes.size() - 1)).as("past a documented 60 s limit").isEqualTo(128_000L);
        assertThat(fiveMinutes.stream().mapToLong(Long::longValue).sum()).isLessThanOrEqualTo(300_000);
    }
}
