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
 * {@code proxybench doctor HISTORY --provider NAME}: a provider's window of a watch's history as one client's records
 * ({@link HistoryFixture}), and the errors of the history's options.
 */
class DoctorCommandHistoryTest {

    @TempDir
    Path home;

    Path history;

    @BeforeEach
    void write() throws Exception {
        history = HistoryFixture.write(Files.createDirectories(home.resolve("history")));
    }

    @Test
    void aProvidersWindowIsDiagnosedAsOneClientUnderItsHeading() throws Exception {
        MainTest.Run r = MainTest.run("doctor", history.toString(), "--provider", "a", "--from", "2026-12-06T12:00",
                "--to", "2026-12-07T01:00");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().limit(2)).containsExactly("provider a, 2026-12-06 12:00 to 2026-12-07 01:00 UTC",
                "11 records from a; 11 on a connection, 2 connections opened: 181.8 handshakes per 1,000 requests");

        MainTest.Run json = MainTest.run("doctor", history.toString(), "--provider", "b", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode report = new ObjectMapper().readTree(json.out());
        assertThat(report.path("records").asInt()).as("b's whole history").isEqualTo(20);
        assertThat(report.path("sources").toString()).isEqualTo("[\"b\"]");
        assertThat(report.path("history").path("providers").toString()).isEqualTo("[\"b\"]");
        assertThat(report.path("history").path("from").asText()).isEqualTo("2026-12-06T00:00:00Z");
    }

    @Test
    void severalProvidersOrAnUnknownOneAreRefused() {
        MainTest.Run two = MainTest.run("doctor", history.toString(), "--provider", "a", "--provider", "b");
        assertThat(two.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(two.err()).contains("doctor reads one provider at a time; give one --provider, or put them side by"
                + " side with proxybench compare HISTORY --provider a --provider b");

        MainTest.Run unknown = MainTest.run("doctor", history.toString(), "--provider", "x", "--since", "24h");
        assertThat(unknown.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(unknown.err()).contains("--provider x is not in the history " + history
                + "; its providers are a, b");

        MainTest.Run bare = MainTest.run("doctor", history.toString());
        assertThat(bare.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(bare.err()).contains(history + " is a watch's history, of providers a, b");
    }
}
