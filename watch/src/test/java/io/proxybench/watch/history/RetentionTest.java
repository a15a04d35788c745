package io.proxybench.watch.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.history.HistoryDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A history kept within its age and size: old days go, the oldest first, today's never, nothing foreign. */
class RetentionTest {

    private static final Instant NOW = Instant.parse("2026-12-20T12:00:00Z");
    private static final LocalDate TODAY = HistoryDir.dayOf(NOW);

    @TempDir
    Path root;

    private void day(String provider, LocalDate day, int bytes) throws Exception {
        Path d = Files.createDirectories(new HistoryDir(root).day(provider, day));
        Files.write(d.resolve(HistoryDir.RECORDS), new byte[bytes]);
        Files.write(d.resolve("latency-120000.hlog"), new byte[10]);
    }

    @Test
    void daysOlderThanTheAgeGoAndTodayStays() throws Exception {
        HistoryDir dir = new HistoryDir(root);
        for (int i = 0; i <= 20; i++) {
            day("a", TODAY.minusDays(i), 100);
        }
        Retention.Pass pass = new Retention(dir, Duration.ofDays(14), 1L << 30).enforce(NOW);
        // A day goes once it ended more than 14 days ago: the 15th day back ended 14.5 days ago.
        assertThat(dir.days("a")).first().isEqualTo(TODAY.minusDays(14));
        assertThat(dir.days("a")).last().isEqualTo(TODAY);
        assertThat(pass.removed()).hasSize(6);
        assertThat(pass.overCap()).isFalse();
        assertThat(pass.bytes()).isEqualTo(15 * 110);
    }

    @Test
    void overItsSizeTheOldestDaysGoFirstAcrossProvidersButNeverToday() throws Exception {
        HistoryDir dir = new HistoryDir(root);
        for (int i = 0; i < 5; i++) {
            day("a", TODAY.minusDays(i), 1000);
            day("b", TODAY.minusDays(i), 1000);
        }
        Retention.Pass pass = new Retention(dir, Duration.ofDays(14), 4500).enforce(NOW);
        assertThat(dir.days("a")).containsExactly(TODAY.minusDays(1), TODAY);
        assertThat(dir.days("b")).containsExactly(TODAY.minusDays(1), TODAY);
        assertThat(pass.bytes()).isLessThanOrEqualTo(4500);
        assertThat(pass.overCap()).isFalse();
        Retention.Pass tight = new Retention(dir, Duration.ofDays(14), 1500).enforce(NOW);
        assertThat(dir.days("a")).containsExactly(TODAY);
        assertThat(dir.days("b")).containsExactly(TODAY);
        assertThat(tight.overCap()).as("today's files alone are over the cap").isTrue();
    }

    @Test
    void aDayHoldingAFileWatchDidNotWriteIsNotRemoved() throws Exception {
        HistoryDir dir = new HistoryDir(root);
        day("a", TODAY.minusDays(30), 100);
        Files.writeString(dir.day("a", TODAY.minusDays(30)).resolve("notes.txt"), "mine");
        assertThatThrownBy(() -> new Retention(dir, Duration.ofDays(14), 1L << 30).enforce(NOW))
                .hasMessageContaining("holds files watch did not write (notes.txt): not removed");
        assertThat(dir.day("a", TODAY.minusDays(30)).resolve("notes.txt")).exists();
    }
}
