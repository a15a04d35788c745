package io.proxybench.analysis.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.history.HistoryWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HistoryQuery}: the history's options checked, and the window each provider named is read through. */
class HistoryQueryTest {

    /** The 7th, 02:00 UTC: a fixed now. */
    private static final Instant NOW = Instant.parse("2026-12-07T02:00:00Z");

    @TempDir
    Path home;

    Path history;

    @BeforeEach
    void write() throws Exception {
        history = HistoryFixture.write(Files.createDirectories(home.resolve("history")));
    }

    private static HistoryQuery query(List<String> providers, Duration since, String from, String to) {
        return HistoryQuery.of(providers, since, from, to, NOW);
    }

    @Test
    void sinceCountsBackFromNowAndFromEndsAtToOrNow() {
        List<HistoryWindow> windows = query(List.of("b", "a"), Duration.ofHours(24), null, null)
                .windows(List.of(history));
        assertThat(windows).extracting(HistoryWindow::provider).containsExactly("b", "a");
        assertThat(windows).allSatisfy(w -> {
            assertThat(w.from()).isEqualTo(Instant.parse("2026-12-06T02:00:00Z"));
            assertThat(w.to()).isEqualTo(NOW);
            assertThat(w.history().root()).isEqualTo(history);
        });

        HistoryWindow window = query(List.of("a"), null, "2026-12-06T12:00:00Z", "2026-12-07 01:00")
                .window(List.of(history), "analyze");
        assertThat(window.from()).isEqualTo(HistoryFixture.NOON);
        assertThat(window.to()).isEqualTo(HistoryFixture.ONE);
        assertThat(query(List.of("a"), null, "2026-12-07", null).window(List.of(history), "analyze").to())
                .isEqualTo(NOW);
    }

    @Test
    void withoutSinceOrFromTheWindowIsTheWholeHistory() {
        HistoryWindow window = query(List.of("a"), null, null, null).window(List.of(history), "doctor");
        assertThat(window.from()).isEqualTo(Instant.parse("2026-12-06T00:00:00Z"));
        assertThat(window.to()).isEqualTo(NOW);

        assertThatThrownBy(() -> query(List.of("a"), null, null, "2026-12-05T23:00").windows(List.of(history)))
                .hasMessage("--to 2026-12-05 23:00 UTC is not after the history's first day, 2026-12-06 00:00 UTC;"
                        + " give a later --to, or --from before it");
    }

    @Test
    void timesAreInstantsOrDateTimesAndDatesInUtc() {
        Instant ten = Instant.parse("2026-12-07T10:00:00Z");
        assertThat(HistoryQuery.time("--from", "2026-12-07T10:00:00Z")).isEqualTo(ten);
        assertThat(HistoryQuery.time("--from", "2026-12-07T11:00:00+01:00")).isEqualTo(ten);
        assertThat(HistoryQuery.time("--from", "2026-12-07T10:00")).isEqualTo(ten);
        assertThat(HistoryQuery.time("--from", "2026-12-07 10:00:00")).isEqualTo(ten);
        assertThat(HistoryQuery.time("--from", "2026-12-07")).isEqualTo(Instant.parse("2026-12-07T00:00:00Z"));
        assertThat(HistoryQuery.time("--from", null)).isNull();
        for (String bad : List.of("yesterday", "2026-13-01", "2026-12-07T25:00", "1733565600")) {
            assertThatThrownBy(() -> HistoryQuery.time("--to", bad)).as(bad)
                    .hasMessage("--to " + bad + " is not a time; use " + HistoryQuery.TIME_FORMS);
        }
    }

    @Test
    void optionsThatDoNotGoTogetherAreRefusedWhenTheQueryIsMade() {
        assertThatThrownBy(() -> query(List.of("a"), Duration.ofHours(1), "2026-12-06", null))
                .hasMessage("--since counts the window back from now, and --from sets it too: give --since alone, or"
                        + " --from (and --to)");
        assertThatThrownBy(() -> query(List.of("a"), Duration.ofHours(1), null, "2026-12-06"))
                .hasMessageStartingWith("--since counts the window back from now, and --to sets it too");
        assertThatThrownBy(() -> query(List.of("a"), Duration.ZERO, null, null))
                .hasMessage("--since must be longer than 0, e.g. --since 24h");
        assertThatThrownBy(() -> query(List.of("a"), null, "2026-12-07", "2026-12-06T12:00:30"))
                .hasMessage("--from 2026-12-07 00:00 UTC is not before --to 2026-12-06 12:00:30 UTC; the window"
                        + " starts at --from and ends before --to");
        assertThatThrownBy(() -> query(List.of("a"), null, "2026-12-08", null))
                .hasMessage("--from 2026-12-08 00:00 UTC is not before now, 2026-12-07 02:00 UTC; give a start in"
                        + " the past, or --to");
        assertThatThrownBy(() -> query(List.of("a", "b", "a"), null, null, null))
                .hasMessage("--provider a is given twice; name each provider once");
    }

    @Test
    void aHistoryWithoutProviderIsRefusedListingItsProviders() throws Exception {
        Path file = Files.writeString(home.resolve("run.jsonl"), "");
        assertThat(HistoryQuery.none().windows(List.of(file, home))).isEmpty();
        assertThat(HistoryQuery.none().given()).isFalse();

        assertThatThrownBy(() -> HistoryQuery.none().windows(List.of(file, history)))
                .hasMessage(history + " is a watch's history, of providers a, b: name the one to read with"
                        + " --provider NAME, and the window with --since (e.g. --since 24h) or --from and --to;"
                        + " without them, the whole history");
        assertThatThrownBy(() -> query(List.of(), Duration.ofHours(1), null, null).windows(List.of(history)))
                .hasMessage("--since selects a window of one provider's history: name it with --provider NAME; "
                        + history + " holds a, b");
    }

    @Test
    void aProviderReadsOneHistoryDirectoryThatHasIt() throws Exception {
        Path file = Files.writeString(home.resolve("run.jsonl"), "");
        HistoryQuery a = query(List.of("a"), Duration.ofHours(1), null, null);

        assertThatThrownBy(() -> a.windows(List.of(file)))
                .hasMessage("--provider a reads a watch's history directory, and " + file + " is a file: give the"
                        + " directory watch --history wrote, or leave out --provider, --since, --from and --to to"
                        + " read records files");
        assertThatThrownBy(() -> a.windows(List.of(home.resolve("nowhere"))))
                .hasMessageContaining(home.resolve("nowhere") + " does not exist");
        assertThatThrownBy(() -> query(List.of(), null, "2026-12-06", null).windows(List.of(file)))
                .hasMessageStartingWith("--from reads a watch's history directory");
        assertThatThrownBy(() -> a.windows(List.of(history, history)))
                .hasMessage("--provider a reads one watch history directory, and 2 arguments were given: give the"
                        + " directory watch --history wrote, alone");
        assertThatThrownBy(() -> a.windows(List.of(home.resolve("history/a"))))
                .hasMessage(home.resolve("history/a") + " is not a watch's history: it holds no PROVIDER/YYYY-MM-DD"
                        + " folder; give the directory watch --history wrote");
        assertThatThrownBy(() -> query(List.of("a", "c"), null, null, null).windows(List.of(history)))
                .hasMessage("--provider c is not in the history " + history + "; its providers are a, b");
        assertThatThrownBy(() -> query(List.of("a", "b"), null, null, null).window(List.of(history), "doctor"))
                .hasMessage("--provider a --provider b: doctor reads one provider at a time; give one --provider, or"
                        + " put them side by side with proxybench compare HISTORY --provider a --provider b");
    }

    @Test
    void aWindowWithoutRecordsNamesTheDaysThereAre() {
        HistoryWindow window = query(List.of("a"), null, "2026-12-01", "2026-12-02").window(List.of(history), "x");

        assertThat(HistoryQuery.noRecords(window)).hasMessage("provider a has no records from 2026-12-01 00:00 to"
                + " 2026-12-02 00:00 UTC; its history has records of 2026-12-06, 2026-12-07 (UTC): give --since, or"
                + " --from and --to, that meet them");
    }
}
