package io.proxybench.analysis.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.history.HistoryDir;
import io.proxybench.records.history.HistoryWindow;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HistoryRecords}: a provider's window read across days as one run, its cut lines noted. */
class HistoryRecordsTest {

    @TempDir
    Path root;

    HistoryDir history;

    @BeforeEach
    void write() throws Exception {
        history = new HistoryDir(HistoryFixture.write(root));
    }

    @Test
    void aWindowAcrossMidnightIsOneRunOfBothDaysRecordsInIt() {
        HistoryRecords a = HistoryRecords.read(new HistoryWindow(history, "a", HistoryFixture.NOON,
                HistoryFixture.ONE), null);

        // 10 checks from 12:00 on the 6th and the one done after midnight; those of 01:00 on are past the end.
        assertThat(a.statistics().records()).isEqualTo(11);
        assertThat(a.statistics().ok()).isEqualTo(11);
        assertThat(a.files()).containsExactly(root.resolve("a/2026-12-06/records.jsonl"),
                root.resolve("a/2026-12-07/records.jsonl"));
        assertThat(a.cutLines()).singleElement().asString()
                .startsWith(root.resolve("a/2026-12-07/records.jsonl") + ": the last line (line 12,");
        // One time base: the window's 13 hours, done from second 0 (12:00:00) to 46,800 (01:00:00) excluded.
        assertThat(a.statistics().timeline().blockWindows(3600)).containsOnlyKeys(0L, 43_200L);

        HistoryRecords b = HistoryRecords.read(new HistoryWindow(history, "b", HistoryFixture.NOON,
                HistoryFixture.ONE.plusMillis(4500)), null);
        assertThat(b.statistics().records()).isEqualTo(15);
        assertThat(b.statistics().ok()).isEqualTo(8);
        assertThat(b.cutLines()).isEmpty();
    }

    @Test
    void aWholeHistoryCountsEveryRecordUpToTheCut() {
        HistoryRecords a = HistoryRecords.read(new HistoryWindow(history, "a", HistoryDir.startOf(
                HistoryFixture.SIXTH), Instant.parse("2026-12-08T00:00:00Z")), null);

        assertThat(a.statistics().records()).isEqualTo(21);
    }

    @Test
    void aWindowWithoutRecordsIsRefusedNamingTheDaysThereAre() {
        HistoryWindow morning = new HistoryWindow(history, "b", Instant.parse("2026-12-06T06:00:00Z"),
                HistoryFixture.NOON);

        assertThatThrownBy(() -> HistoryRecords.read(morning, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider b has no records from 2026-12-06 06:00 to 2026-12-06 12:00 UTC; its history"
                        + " has records of 2026-12-06, 2026-12-07 (UTC): give --since, or --from and --to, that meet"
                        + " them");
    }
}
