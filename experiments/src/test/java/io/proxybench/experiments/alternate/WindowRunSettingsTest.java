package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link WindowRunSettings}: the run options after {@code --}, as alternate checks them. */
class WindowRunSettingsTest {

    private static final List<String> GIVEN = List.of("--url", "https://target/", "--rate", "5");

    @Test
    void noOptionsAndTheOptionsAlternateSetsAreRefused() {
        assertThatThrownBy(() -> WindowRunSettings.required(List.of()))
                .hasMessageStartingWith("give the windows' run options after --");
        assertThat(WindowRunSettings.required(GIVEN)).isEqualTo(GIVEN);
        assertThatThrownBy(() -> WindowRunSettings.refuseOwned(Set.of("--url", "--out")::contains))
                .hasMessageStartingWith("--out after -- is alternate's to set: each window writes");
        WindowRunSettings.refuseOwned(Set.of("--url", "--rate")::contains);
        assertThatThrownBy(() -> WindowRunSettings.checkLoad(true, true)).hasMessageStartingWith("--ramp after --");
        assertThatThrownBy(() -> WindowRunSettings.checkLoad(false, false))
                .hasMessageStartingWith("give the windows' load after --");
    }

    @Test
    void aDefaultWarmUpThatLeavesNoRoomGivesWayToSessionsAndAChosenOneIsRefused() {
        WindowRunSettings fitted = WindowRunSettings.fitted(GIVEN, Duration.ofSeconds(2), false, Duration.ofSeconds(2));
        assertThat(fitted.warmUp()).isZero();
        assertThat(fitted.options()).endsWith("--warmup", "sessions");

        WindowRunSettings kept = WindowRunSettings.fitted(GIVEN, Duration.ofSeconds(1), false, Duration.ofSeconds(2));
        assertThat(kept).isEqualTo(new WindowRunSettings(GIVEN, Duration.ofSeconds(1)));

        assertThatThrownBy(() -> WindowRunSettings.fitted(GIVEN, Duration.ofSeconds(2), true, Duration.ofSeconds(2)))
                .hasMessageStartingWith("--warmup 2s after -- leaves less than 1s of each 2s window");
    }

    @Test
    void eachProvidersCheckAddsItsProxyTheWindowAndANamedRecordsFile() {
        WindowRunSettings options = new WindowRunSettings(GIVEN, Duration.ZERO);

        assertThat(options.check(Provider.ofUrl("a:oxylabs=http://u:p@127.0.0.1:9"), Duration.ofMinutes(30),
                Path.of("day1"))).containsExactly("--url", "https://target/", "--rate", "5", "--proxy",
                "http://u:p@127.0.0.1:9", "--provider", "oxylabs", "--duration", "30m", "--out",
                Path.of("day1", "a-check.jsonl").toString());
    }
}
