package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.read.HistoryFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench compare HISTORY --provider a --provider b}: two providers of a watch's history over one window
 * side by side ({@link HistoryFixture}), and the errors of the history's options.
 */
class CompareCommandHistoryTest {

    @TempDir
    Path home;

    Path history;

    @BeforeEach
    void write() throws Exception {
        history = HistoryFixture.write(Files.createDirectories(home.resolve("history")));
    }

    @Test
    void twoProvidersOverOneWindowAreTwoColumnsUnderItsHeading() throws Exception {
        MainTest.Run r = MainTest.run("compare", history.toString(), "--provider", "a", "--provider", "b",
                "--from", "2026-12-06T12:00:00Z", "--to", "2026-12-07T01:00:00Z", "--label", "b=B");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().findFirst()).hasValue("providers a and b, 2026-12-06 12:00 to 2026-12-07 01:00 UTC");
        assertThat(r.out().lines().skip(1).findFirst().orElseThrow()).matches(" +a +B");
        assertThat(r.out()).contains("note: " + history.resolve("a/2026-12-07/records.jsonl") + ": the last line");

        MainTest.Run json = MainTest.run("compare", history.toString(), "--provider", "b", "--provider", "a",
                "--from", "2026-12-06T12:00:00Z", "--to", "2026-12-07T01:00:00Z", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode comparison = new ObjectMapper().readTree(json.out());
        assertThat(comparison.path("runs").get(0).path("label").asText()).isEqualTo("b");
        assertThat(comparison.path("runs").get(0).path("records").asLong()).isEqualTo(10);
        assertThat(comparison.path("runs").get(1).path("records").asLong()).isEqualTo(11);
        assertThat(comparison.path("history").path("providers").toString()).isEqualTo("[\"b\",\"a\"]");
        assertThat(comparison.path("history").path("to").asText()).isEqualTo("2026-12-07T01:00:00Z");
    }

    @Test
    void aHistoryWithoutProviderOrAProviderWithoutHistoryIsRefused() throws Exception {
        Path file = Files.writeString(home.resolve("run.jsonl"), "{\"sched\": 0, \"done\": 1, \"status\": 200}\n");

        MainTest.Run bare = MainTest.run("compare", file.toString(), history.toString());
        assertThat(bare.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(bare.err()).isEqualTo("proxybench compare: " + history + " is a watch's history, of providers a,"
                + " b: name the one to read with --provider NAME, and the window with --since (e.g. --since 24h) or"
                + " --from and --to; without them, the whole history" + System.lineSeparator());

        MainTest.Run both = MainTest.run("compare", file.toString(), history.toString(), "--provider", "a");
        assertThat(both.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(both.err()).contains("--provider a reads one watch history directory, and 2 arguments were given");

        MainTest.Run unknown = MainTest.run("compare", history.toString(), "--provider", "a", "--provider", "c");
        assertThat(unknown.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(unknown.err()).contains("--provider c is not in the history " + history
                + "; its providers are a, b");
    }
}
