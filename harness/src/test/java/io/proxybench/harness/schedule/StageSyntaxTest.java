package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StageSyntaxTest {

    @Test
    void parsesTheCliForm() {
        assertThat(ArrivalSchedule.parseStages("100/s:10s,500/s:20s")).containsExactly(
                new Stage(100, Duration.ofSeconds(10)), new Stage(500, Duration.ofSeconds(20)));
    }

    @Test
    void acceptsBareAndFractionalRatesAndEveryDurationUnit() {
        assertThat(ArrivalSchedule.parseStages("100:500ms, 2.5/s:2m ,7/s:1s")).containsExactly(
                new Stage(100, Duration.ofMillis(500)),
                new Stage(2.5, Duration.ofMinutes(2)),
                new Stage(7, Duration.ofSeconds(1)));
    }

    @Test
    void stageDurationsReadLikeEveryOtherDurationOption() {
        assertThat(ArrivalSchedule.parseStages("10/s:1m30s,20/s:1.5s,1/s:1h")).containsExactly(
                new Stage(10, Duration.ofSeconds(90)), new Stage(20, Duration.ofMillis(1500)),
                new Stage(1, Duration.ofHours(1)));
    }

    @Test
    void describeUsesTheSameNotation() {
        String spec = "100/s:10s,2.5/s:500ms,3/s:2m";
        assertThat(ArrivalSchedule.stages(ArrivalSchedule.parseStages(spec)).describe())
                .isEqualTo("stages 100/s for 10s, then 2.5/s for 500ms, then 3/s for 2m");
    }

    @Test
    void errorsNameTheBadPartAndTheForm() {
        assertBad("", "stages are empty");
        assertBad("   ", "stages are empty");
        assertBad("100/s", "bad stage '100/s' in '100/s'");
        assertBad("100/s:10s:5s", "bad stage '100/s:10s:5s'");
        assertBad("100/s:10s,", "bad stage '' in '100/s:10s,'");
        assertBad("fast:10s", "bad rate 'fast' in 'fast:10s'");
        assertBad("100/m:10s", "bad rate '100/m'");
        assertBad("-5/s:10s", "bad rate '-5/s'");
        assertBad("100/s:10", "bad duration '10' in '100/s:10'");
        assertBad("100/s:10x", "bad duration '10x'");
        assertBad("100/s:10d", "stage '100/s:10d' in '100/s:10d': duration must be in (0, 24h], was 240h");
        assertBad("100/s:1.5", "bad duration '1.5'");
        assertBad("100/s:9999999999s", "bad duration '9999999999s'");
        assertBad("0/s:10s", "stage '0/s:10s' in '0/s:10s': ratePerSec must be in (0, 1e9]");
        assertBad("100/s:0s", "stage '100/s:0s' in '100/s:0s': duration must be in (0, 24h]");
        assertBad("100/s:999999m", "duration must be in (0, 24h]");
    }

    private static void assertBad(String spec, String message) {
        assertThatThrownBy(() -> ArrivalSchedule.parseStages(spec))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageContaining(StageSyntax.FORM);
    }
}
