package io.proxybench.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void readsUnitsAndTheirSumsAndABareZero() {
        assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(Durations.parse("1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("7d")).isEqualTo(Duration.ofDays(7));
        assertThat(Durations.parse("1d12h")).isEqualTo(Duration.ofHours(36));
        assertThat(Durations.parse("0")).isZero();
        assertThat(Durations.parse(" 0s ")).isZero();
    }

    @Test
    void refusesWhatIsNotOneNamingTheForms() {
        for (String bad : new String[] {"", "10", "-1s", "1x", "00", "1s 2s"}) {
            assertThatThrownBy(() -> Durations.parse(bad)).as(bad).hasMessageContaining("is not a duration")
                    .hasMessageContaining(Durations.FORMS);
        }
    }

    @Test
    void writesTheLargestExactUnitAndZeroInSeconds() {
        assertThat(Durations.format(Duration.ofMinutes(2))).isEqualTo("2m");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
    }
}
