package io.proxybench.harness.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code --warmup}'s text form: one setting for everything a run sends unrecorded. */
class WarmUpTest {

    @Test
    void eachValueSaysWhatGoesOutBeforeTheSchedule() {
        assertThat(WarmUp.parse("auto")).isEqualTo(new WarmUp(true, null));
        assertThat(WarmUp.parse("sessions")).isEqualTo(new WarmUp(true, Duration.ZERO));
        assertThat(WarmUp.parse("none")).isEqualTo(WarmUp.NONE);
        assertThat(WarmUp.parse("0")).as("0 is none").isEqualTo(WarmUp.NONE);
        assertThat(WarmUp.parse("0s")).isEqualTo(WarmUp.NONE);
        assertThat(WarmUp.parse("10s")).isEqualTo(new WarmUp(true, Duration.ofSeconds(10)));
        assertThat(WarmUp.parse(" NONE ")).isEqualTo(WarmUp.NONE);
    }

    @Test
    void aValueItDoesNotTakeIsNamedWithTheForm() {
        for (String bad : new String[] {"false", "soon", "-1s", ""}) {
            assertThatThrownBy(() -> WarmUp.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--warmup '" + bad + "'").hasMessageContaining("auto, sessions, none");
        }
    }
}
