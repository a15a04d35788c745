package io.proxybench.experiments.alternate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link AlternateSettings#plan}: alternate's settings checked in order, and the plan and folder they make. */
class AlternateSettingsTest {

    private static final List<String> TWO = List.of("a=http://u:hunter2@127.0.0.1:9", "b=socks5://u:p@127.0.0.1:9");

    @TempDir
    Path home;

    @Test
    void aPlanHasTheProvidersInTheOrderGivenAndMakesTheFolder() throws Exception {
        Path dir = home.resolve("day1");
        Instant start = Instant.now().plusSeconds(3600);
        AlternateSettings options = new AlternateSettings(TWO, null, Duration.ofMinutes(30), 2, "abba",
                start.toString(), Duration.ofSeconds(5), dir, false);

        AlternatePlan plan = options.plan(providers -> Duration.ofSeconds(2));

        assertThat(plan.plan().labels()).containsExactly("a", "b");
        assertThat(plan.plan().warmUp()).isEqualTo(Duration.ofSeconds(2));
        assertThat(plan.plan().grid()).isEqualTo(new WindowGrid(start, Duration.ofMinutes(30), Duration.ofSeconds(5)));
        assertThat(plan.plan().windows()).extracting(Window::label).containsExactly("a", "b", "b", "a");
        assertThat(dir).isDirectory();
        assertThat(plan.banner()).startsWith("alternate: 2 providers, 2 rounds of 30m windows (abba), 4 windows from")
                .contains("  a: http://u:****@127.0.0.1:9").doesNotContain("hunter2");
    }

    @Test
    void theChecksRunInTheCommandsOrderAndNothingIsWrittenOnARefusal() {
        Path dir = home.resolve("refused");
        assertThatThrownBy(() -> options(TWO.subList(0, 1), Duration.ofSeconds(500), 0, dir)
                .plan(providers -> Duration.ZERO))
                .hasMessageStartingWith("give at least two providers");
        assertThatThrownBy(() -> options(TWO, Duration.ofMillis(500), 0, dir).plan(providers -> Duration.ZERO))
                .hasMessageStartingWith("--window 500ms is shorter");
        assertThatThrownBy(() -> options(TWO, Duration.ofSeconds(5), 0, dir).plan(providers -> Duration.ZERO))
                .hasMessage("--rounds 0 must be at least 1");
        assertThatThrownBy(() -> options(TWO, Duration.ofSeconds(5), 1, dir).plan(providers -> {
            throw new IllegalArgumentException("run options");
        })).hasMessage("run options");
        assertThat(dir).doesNotExist();
    }

    @Test
    void aStartThatHasPassedAndAnEarlierIndexAreRefused() throws Exception {
        Path dir = home.resolve("earlier");
        AlternateSettings late = new AlternateSettings(TWO, null, Duration.ofSeconds(5), 1, "abab",
                "2020-01-01T00:00:00Z", Duration.ZERO, dir, false);
        assertThatThrownBy(() -> late.plan(providers -> Duration.ZERO))
                .hasMessageStartingWith("--start-at 2020-01-01T00:00:00Z passed ");

        Files.createDirectories(dir);
        Files.writeString(dir.resolve("windows.jsonl"), "{}\n");
        assertThatThrownBy(() -> options(TWO, Duration.ofSeconds(5), 1, dir).plan(providers -> Duration.ZERO))
                .hasMessageContaining("already holds windows.jsonl");
        new AlternateSettings(TWO, null, Duration.ofSeconds(5), 1, "abab", null, Duration.ZERO, dir, true)
                .plan(providers -> Duration.ZERO);
        assertThat(dir.resolve("windows.jsonl")).doesNotExist();
    }

    private static AlternateSettings options(List<String> urls, Duration window, int rounds, Path dir) {
        return new AlternateSettings(urls, null, window, rounds, "abba", null, Duration.ZERO, dir, false);
    }
}
