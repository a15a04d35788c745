package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.harness.plan.WarmUp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --warmup} as {@code run} reads it: one setting for everything a run sends unrecorded, and the two options it
 * replaced; its text form is {@code WarmUpTest}'s.
 */
class RunWarmUpTest {

    /** {@code run} at 1,000 req/s for 20 s with {@code warmUpArgs}, parsed, not run. */
    private static RunCommand run(String... warmUpArgs) {
        List<String> args = new ArrayList<>(List.of("--url", "https://x/", "--rate", "1000", "--duration", "20s"));
        args.addAll(List.of(warmUpArgs));
        return Main.runOptions(args).getCommand();
    }

    private static WarmUp asked(String... warmUpArgs) {
        return run(warmUpArgs).warmUp();
    }

    private static Duration timedPart(String... warmUpArgs) {
        return run(warmUpArgs).warmupLength();
    }

    @Test
    void theDefaultWarmsTheSessionsAndThenRunsAtThePeakRateForItsLength() {
        assertThat(asked()).isEqualTo(WarmUp.AUTO);
        assertThat(timedPart()).as("1 s per 200 req/s, at most 5 s").isEqualTo(Duration.ofSeconds(5));
        assertThat(timedPart("--warmup", "sessions")).isZero();
        assertThat(timedPart("--warmup", "none")).isZero();
        assertThat(timedPart("--warmup", "8s")).isEqualTo(Duration.ofSeconds(8));
    }

    @Test
    void theOptionsItReplacedAreStillRead() {
        assertThat(asked("--no-warmup")).as("--no-warmup: nothing unrecorded").isEqualTo(WarmUp.NONE);
        assertThat(asked("--warmup-for", "0")).as("the request per session only").isEqualTo(WarmUp.SESSIONS);
        assertThat(asked("--no-warmup", "--warmup-for", "0")).isEqualTo(WarmUp.NONE);
        assertThat(asked("--warmup-for", "3s")).isEqualTo(new WarmUp(true, Duration.ofSeconds(3)));
        assertThatThrownBy(() -> asked("--warmup", "none", "--no-warmup")).hasMessageContaining("give --warmup alone");
        assertThatThrownBy(() -> asked("--warmup-for", "-1s")).hasMessageContaining("-1s is not a duration");
    }
}
