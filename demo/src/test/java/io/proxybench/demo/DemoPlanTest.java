package io.proxybench.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a demo may be asked for, checked before anything runs; and the steps it then runs. */
class DemoPlanTest {

    @TempDir
    Path dir;

    @Test
    void theRunLastsWholeSecondsFromThreeToTenMinutes() {
        for (Duration bad : List.of(Duration.ofSeconds(2), Duration.ofMillis(3500), Duration.ofMinutes(11))) {
            assertThatThrownBy(() -> new DemoPlan(dir, bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--run-for ").hasMessageNotContaining("PT");
        }
        assertThat(new DemoPlan(dir, Duration.ofSeconds(3)).runFor()).hasSeconds(3);
        assertThat(new DemoPlan(dir, Duration.ofMinutes(10)).runFor()).hasSeconds(600);
    }

    @Test
    void theReportGoesToAFolderNeverAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");

        assertThatThrownBy(() -> new DemoPlan(file, Duration.ofSeconds(15))).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("--out " + file + " is a file");
        assertThat(new DemoPlan(dir.resolve("not-yet"), Duration.ofSeconds(15)).out()).doesNotExist();
    }

    @Test
    void theStepsRunInTheDemosOrderEachNamedOnce() {
        assertThat(Demo.steps(new DemoPlan(dir, Duration.ofSeconds(15)))).extracting(DemoStep::name).containsExactly(
                "run", "reuse", "owners", "keepalive", "sessions", "size-pool", "bytes", "h2-gateway", "clients",
                "fingerprint", "ramp", "compare", "doctor");
        assertThat(Demo.steps(new DemoPlan(dir, Duration.ofSeconds(60))).get(0).what()).endsWith("for 60 s");
    }
}
