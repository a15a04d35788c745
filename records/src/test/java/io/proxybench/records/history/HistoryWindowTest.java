package io.proxybench.records.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HistoryWindow} on a small history: providers a and b over 2026-12-06 and 2026-12-07, a check of a's that
 * started before midnight and ended after it (in the 7th's file, with a negative sched), and a cut last line.
 */
class HistoryWindowTest {

    private static final LocalDate SIXTH = LocalDate.parse("2026-12-06");
    private static final LocalDate SEVENTH = LocalDate.parse("2026-12-07");

    @TempDir
    Path root;

    HistoryDir history;

    @BeforeEach
    void write() throws Exception {
        history = new HistoryDir(root);
        // a, the 6th: done at 01:00, 12:00 and 23:59:59.5.
        write("a", SIXTH, record(3599.5, 3600), record(43_199, 43_200), record(86_399, 86_399.5));
        // a, the 7th: one started 1 s before midnight, done half a second after it; then 01:00 and 02:00; then a cut.
        Path seventh = write("a", SEVENTH, record(-1, 0.5), record(3599.9, 3600), record(7199, 7200));
        Files.writeString(seventh, "{\"sched\": 7300, \"do", StandardOpenOption.APPEND);
        write("b", SIXTH, record(100, 101));
        write("b", SEVENTH, record(100, 101), record(200, 201));
        // A day's folder without records, and a folder that is no day: neither is read.
        Files.createDirectories(history.day("b", LocalDate.parse("2026-12-08")));
        Files.createDirectories(root.resolve("b").resolve("notes"));
    }

    @Test
    void aWindowAcrossMidnightTakesBothDaysAndMovesTheirRecordsOntoItsStart() throws Exception {
        HistoryWindow window = new HistoryWindow(history, "a", Instant.parse("2026-12-06T12:00:00Z"),
                Instant.parse("2026-12-07T01:00:00Z"));

        assertThat(window.seconds()).isEqualTo(13 * 3600);
        List<HistoryWindow.Day> days = window.days();
        assertThat(days).extracting(HistoryWindow.Day::day).containsExactly(SIXTH, SEVENTH);
        assertThat(days).extracting(HistoryWindow.Day::offsetSeconds).containsExactly(-43_200.0, 43_200.0);
        assertThat(days.get(0).file()).isEqualTo(root.resolve("a/2026-12-06/records.jsonl"));

        // 12:00 is in (the start is), 23:59:59.5 too, and the check across midnight; 01:00 on the 7th is not (the end
        // is not), nor what comes before 12:00 on the 6th or after 01:00 on the 7th.
        List<RequestRecord> selected = selected(window);
        assertThat(selected).extracting(RequestRecord::done).containsExactly(0.0, 43_199.5, 43_200.5);
        assertThat(selected).extracting(RequestRecord::sched).containsExactly(-1.0, 43_199.0, 43_199.0);
    }

    @Test
    void theEdgesAreTheStartInAndTheEndOut() {
        HistoryWindow window = new HistoryWindow(history, "a", Instant.parse("2026-12-07T00:00:00.5Z"),
                Instant.parse("2026-12-07T01:00:00Z"));
        HistoryWindow.Day day = new HistoryWindow.Day(SEVENTH, Path.of("records.jsonl"), -0.5, window.seconds());

        assertThat(day.select(record(-1, 0.5))).extracting(RequestRecord::done).isEqualTo(0.0);
        assertThat(day.select(record(-1, 0.4999))).isNull();
        assertThat(day.select(record(3599, 3599.99))).isNotNull();
        assertThat(day.select(record(3599, 3600))).isNull();
    }

    @Test
    void onlyTheDaysTheWindowOverlapsAndThatHaveRecordsAreRead() throws Exception {
        assertThat(new HistoryWindow(history, "a", Instant.parse("2026-12-07T00:30:00Z"),
                Instant.parse("2026-12-07T23:00:00Z")).days()).extracting(HistoryWindow.Day::day)
                .containsExactly(SEVENTH);
        // A window ending at midnight does not reach into the next day.
        assertThat(new HistoryWindow(history, "b", Instant.parse("2026-12-06T00:00:00Z"),
                Instant.parse("2026-12-07T00:00:00Z")).days()).extracting(HistoryWindow.Day::day)
                .containsExactly(SIXTH);
        // The 8th has a folder and no records file; a week later has nothing.
        assertThat(new HistoryWindow(history, "b", Instant.parse("2026-12-06T00:00:00Z"),
                Instant.parse("2026-12-14T00:00:00Z")).days()).extracting(HistoryWindow.Day::day)
                .containsExactly(SIXTH, SEVENTH);
        assertThat(new HistoryWindow(history, "b", Instant.parse("2026-12-13T00:00:00Z"),
                Instant.parse("2026-12-14T00:00:00Z")).days()).isEmpty();
        assertThat(new HistoryWindow(history, "c", Instant.parse("2026-12-06T00:00:00Z"),
                Instant.parse("2026-12-07T00:00:00Z")).days()).isEmpty();
    }

    @Test
    void theWholeHistoryOfAProviderCountsEveryRecordUpToTheCut() throws Exception {
        HistoryWindow window = new HistoryWindow(history, "a", HistoryDir.startOf(SIXTH),
                HistoryDir.startOf(SEVENTH.plusDays(1)));

        assertThat(selected(window)).extracting(RequestRecord::done)
                .containsExactly(3600.0, 43_200.0, 86_399.5, 86_400.5, 90_000.0, 93_600.0);
    }

    @Test
    void aWindowMustEndAfterItStarts() {
        Instant at = Instant.parse("2026-12-07T00:00:00Z");
        assertThatThrownBy(() -> new HistoryWindow(history, "a", at, at))
                .hasMessageContaining("is empty: its end must be after its start");
    }

    /** The window's records, day by day, as its parts select them. */
    private static List<RequestRecord> selected(HistoryWindow window) throws Exception {
        List<RequestRecord> selected = new ArrayList<>();
        for (HistoryWindow.Day day : window.days()) {
            try (RecordStream in = RecordStream.open(day.file())) {
                in.forEach(r -> {
                    RequestRecord moved = day.part().select().apply(r);
                    if (moved != null) {
                        selected.add(moved);
                    }
                });
            }
        }
        return selected;
    }

    private Path write(String provider, LocalDate day, RequestRecord... records) throws Exception {
        Path dir = Files.createDirectories(history.day(provider, day));
        Path file = dir.resolve(HistoryDir.RECORDS);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (RequestRecord r : records) {
                out.write(r);
            }
        }
        return file;
    }

    private static RequestRecord record(double sched, double done) {
        return RequestRecord.builder(sched, done).status(200).total(done - sched).build();
    }
}
