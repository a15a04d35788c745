package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link WindowRunOptions}: the run options after {@code --}, as alternate checks them. */
class WindowRunOptionsTest {

    private static final List<String> GIVEN = List.of("--url", "https://target/", "--rate", "5");

    @Test
    void noOptionsAndTheOptionsAlternateSetsAreRefused() {
        assertThatThrownBy(() -> WindowRunOptions.required(List.of()))
                .hasMessageStartingWith("give the windows' run options after --");
        assertThat(WindowRunOptions.required(GIVEN)).isEqualTo(GIVEN);
        assertThatThrownBy(() -> WindowRunOptions.refuseOwned(Set.of("--url", "--out")::contains))
                .hasMessageStartingWith("--out after -- is alternate's to set: each window writes");
        WindowRunOptions.refuseOwned(Set.of("--url", "--rate")::contains);
        assertThatThrownBy(() -> WindowRunOptions.checkLoad(true, true)).hasMessageStartingWith("--ramp after --");
        assertThatThrownBy(() -> WindowRunOptions.checkLoad(false, false))
                .hasMessageStartingWith("give the windows' load after --");
    }

    @Test
    void aDefaultWarmUpThatLeavesNoRoomGivesWayToSessionsAndAChosenOneIsRefused() {
        WindowRunOptions fitted = WindowRunOptions.fitted(GIVEN, Duration.ofSeconds(2), false, Duration.ofSeconds(2));
        assertThat(fitted.warmUp()).isZero();
        assertThat(fitted.options()).endsWith("--warmup", "sessions");

        WindowRunOptions kept = WindowRunOptions.fitted(GIVEN, Duration.ofSeconds(1), false, Duration.ofSeconds(2));
        assertThat(kept).isEqualTo(new WindowRunOptions(GIVEN, Duration.ofSeconds(1)));

        assertThatThrownBy(() -> WindowRunOptions.fitted(GIVEN, Duration.ofSeconds(2), true, Duration.ofSeconds(2)))
                .hasMessageStartingWith("--warmup 2s after -- leaves less than 1s of each 2s window");
    }

    @Test
    void eachProvidersCheckAddsItsProxyTheWindowAndANamedRecordsFile() {
        WindowRunOptions options = new WindowRunOptions(GIVEN, Duration.ZERO);

        assertThat(options.check(Provider.ofUrl("a:oxylabs=http://u:p@127.0.0.1:9"), Duration.ofMinutes(30),
                Path.of("day1"))).containsExactly("--url", "https://target/", "--rate", "5", "--proxy",
                "http://u:p@127.0.0.1:9", "--provider", "oxylabs", "--duration", "30m", "--out",
                Path.of("day1", "a-check.jsonl").toString());
    }
}
