package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.read.HistoryFixture;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import io.proxybench.records.history.HistoryDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench analyze HISTORY --provider NAME} over a window of a watch's history ({@link HistoryFixture}), and
 * the errors of the history's options.
 */
class AnalyzeCommandHistoryTest {

    @TempDir
    Path home;

    Path history;

    @BeforeEach
    void write() throws Exception {
        history = HistoryFixture.write(Files.createDirectories(home.resolve("history")));
    }

    @Test
    void aProvidersWindowIsAnalysedAsOneRunUnderItsHeading() throws Exception {
        MainTest.Run r = MainTest.run("analyze", history.toString(), "--provider", "a", "--from", "2026-12-06T12:00",
                "--to", "2026-12-07T01:00:00Z");

        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out().lines().limit(2)).containsExactly("provider a, 2026-12-06 12:00 to 2026-12-07 01:00 UTC",
                "11 records, 11 ok");
        assertThat(r.out()).contains("note: " + history.resolve("a/2026-12-07/records.jsonl")
                + ": the last line (line 12,");

        MainTest.Run json = MainTest.run("analyze", history.toString(), "--provider", "b", "--from", "2026-12-06",
                "--to", "2026-12-07 01:00", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode analysis = new ObjectMapper().readTree(json.out());
        assertThat(analysis.path("records").asLong()).isEqualTo(10);
        assertThat(analysis.path("ok").asLong()).isEqualTo(5);
        assertThat(analysis.path("history").path("dir").asText()).isEqualTo(history.toString());
        assertThat(analysis.path("history").path("providers").toString()).isEqualTo("[\"b\"]");
        assertThat(analysis.path("history").path("from").asText()).isEqualTo("2026-12-06T00:00:00Z");
        assertThat(analysis.path("history").path("to").asText()).isEqualTo("2026-12-07T01:00:00Z");
    }

    @Test
    void sinceCountsBackFromNow() throws Exception {
        // Ten checks of provider c, ten minutes ago, each in the file of the day it was done.
        HistoryDir dir = new HistoryDir(history);
        Instant start = Instant.now().minus(Duration.ofMinutes(10));
        for (int i = 0; i < 10; i++) {
            Instant done = start.plusSeconds(i);
            LocalDate day = HistoryDir.dayOf(done);
            double seconds = Duration.between(HistoryDir.startOf(day), done).toNanos() / 1e9;
            try (JsonlWriter out = new JsonlWriter(Files.createDirectories(dir.day("c", day))
                    .resolve(HistoryDir.RECORDS))) {
                out.write(RequestRecord.builder(seconds - 0.1, seconds).status(200).total(0.1).build());
            }
        }

        MainTest.Run hour = MainTest.run("analyze", history.toString(), "--provider", "c", "--since", "1h");
        assertThat(hour.exitCode()).as(hour.err()).isZero();
        assertThat(hour.out().lines().limit(2)).last().isEqualTo("10 records, 10 ok");
        assertThat(MainTest.run("analyze", history.toString(), "--provider", "c", "--since", "7d").out())
                .contains("10 records, 10 ok");

        MainTest.Run minute = MainTest.run("analyze", history.toString(), "--provider", "c", "--since", "1m");
        assertThat(minute.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(minute.err()).startsWith("proxybench analyze: provider c has no records from ")
                .contains("; its history has records of " + HistoryDir.dayOf(start));
    }

    @Test
    void badHistoryOptionsExitWith2AndOneLineNamingTheFix() throws Exception {
        Path file = Files.writeString(home.resolve("run.jsonl"), "{\"sched\": 0, \"done\": 1, \"status\": 200}\n");

        assertBad(history + " is a watch's history, of providers a, b: name the one to read with --provider NAME,",
                "analyze", history.toString());
        assertBad("--provider z is not in the history " + history + "; its providers are a, b",
                "analyze", history.toString(), "--provider", "z");
        assertBad("--provider a reads a watch's history directory, and " + file + " is a file: give the directory"
                + " watch --history wrote, or leave out --provider", "analyze", file.toString(), "--provider", "a");
        assertBad("--since counts the window back from now, and --from sets it too",
                "analyze", history.toString(), "--provider", "a", "--since", "24h", "--from", "2026-12-06");
        assertBad(home + " is not a watch's history: it holds no PROVIDER/YYYY-MM-DD folder",
                "analyze", home.toString(), "--provider", "a");
        assertBad("--since selects a window of one provider's history: name it with --provider NAME; " + history
                + " holds a, b", "analyze", history.toString(), "--since", "1h");
        assertBad("provider a has no records from 2026-12-01 00:00 to 2026-12-02 00:00 UTC; its history has records"
                + " of 2026-12-06, 2026-12-07 (UTC)", "analyze", history.toString(), "--provider", "a", "--from",
                "2026-12-01", "--to", "2026-12-02");
        assertBad("--from yesterday is not a time; use an instant (2026-12-07T10:00:00Z",
                "analyze", history.toString(), "--provider", "a", "--from", "yesterday");
        assertBad("--since 1w is not a duration", "analyze", history.toString(), "--provider", "a", "--since", "1w");
        assertBad("analyze reads one provider at a time; give one --provider, or put them side by side with"
                + " proxybench compare", "analyze", history.toString(), "--provider", "a", "--provider", "b");
    }

    private static void assertBad(String message, String... args) {
        MainTest.Run r = MainTest.run(args);
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).startsWith("proxybench " + args[0] + ": ").contains(message);
        assertThat(r.err().lines()).hasSize(1);
    }
}
