package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --warmup}: one setting for everything a run sends unrecorded, and the two options it replaced. */
class WarmUpOptionTest {

    /** {@code run} at 1,000 req/s for 20 s with {@code warmUpArgs}, parsed, not run. */
    private static RunCommand run(String... warmUpArgs) {
        List<String> args = new ArrayList<>(List.of("--url", "https://x/", "--rate", "1000", "--duration", "20s"));
        args.addAll(List.of(warmUpArgs));
        return Main.runOptions(args).getCommand();
    }

    private static WarmUpOption asked(String... warmUpArgs) {
        return run(warmUpArgs).warmUp();
    }

    private static Duration timedPart(String... warmUpArgs) {
        return run(warmUpArgs).warmupLength();
    }

    @Test
    void eachValueSaysWhatGoesOutBeforeTheSchedule() {
        assertThat(WarmUpOption.parse("auto")).isEqualTo(new WarmUpOption(true, null));
        assertThat(WarmUpOption.parse("sessions")).isEqualTo(new WarmUpOption(true, Duration.ZERO));
        assertThat(WarmUpOption.parse("none")).isEqualTo(WarmUpOption.NONE);
        assertThat(WarmUpOption.parse("0")).as("0 is none").isEqualTo(WarmUpOption.NONE);
        assertThat(WarmUpOption.parse("0s")).isEqualTo(WarmUpOption.NONE);
        assertThat(WarmUpOption.parse("10s")).isEqualTo(new WarmUpOption(true, Duration.ofSeconds(10)));
        assertThat(WarmUpOption.parse(" NONE ")).isEqualTo(WarmUpOption.NONE);
    }

    @Test
    void aValueItDoesNotTakeIsNamedWithTheForm() {
        for (String bad : new String[] {"false", "soon", "-1s", ""}) {
            assertThatThrownBy(() -> WarmUpOption.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--warmup '" + bad + "'").hasMessageContaining("auto, sessions, none");
        }
    }

    @Test
    void theDefaultWarmsTheSessionsAndThenRunsAtThePeakRateForItsLength() {
        assertThat(asked()).isEqualTo(WarmUpOption.AUTO);
        assertThat(timedPart()).as("1 s per 200 req/s, at most 5 s").isEqualTo(Duration.ofSeconds(5));
        assertThat(timedPart("--warmup", "sessions")).isZero();
        assertThat(timedPart("--warmup", "none")).isZero();
        assertThat(timedPart("--warmup", "8s")).isEqualTo(Duration.ofSeconds(8));
    }

    @Test
    void theOptionsItReplacedAreStillRead() {
        assertThat(asked("--no-warmup")).as("--no-warmup: nothing unrecorded").isEqualTo(WarmUpOption.NONE);
        assertThat(asked("--warmup-for", "0")).as("the request per session only").isEqualTo(WarmUpOption.SESSIONS);
        assertThat(asked("--no-warmup", "--warmup-for", "0")).isEqualTo(WarmUpOption.NONE);
        assertThat(asked("--warmup-for", "3s")).isEqualTo(new WarmUpOption(true, Duration.ofSeconds(3)));
        assertThatThrownBy(() -> asked("--warmup", "none", "--no-warmup")).hasMessageContaining("give --warmup alone");
        assertThatThrownBy(() -> asked("--warmup-for", "-1s")).hasMessageContaining("-1s is not a duration");
    }
}
