package io.proxybench.analysis.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.read.HistoryFixture;
import io.proxybench.analysis.read.HistoryQuery;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DoctorSettings}: doctor's threshold checked, each file a client named by its file name, a provider's window of
 * a watch's history one client named by the provider.
 */
class DoctorSettingsTest {

    @TempDir
    Path home;

    @Test
    void eachFileIsAClientNamedByItsFileName() throws Exception {
        Path a = records("client-a.jsonl");
        Path b = records("client-b.jsonl");

        DoctorReport report = new DoctorSettings(List.of(a, b), null, null, 50).diagnose();

        assertThat(report.records()).isEqualTo(40);
        assertThat(report.sources()).containsExactly("client-a.jsonl", "client-b.jsonl");
        assertThat(DoctorSettings.oneClient("demo run", a).sources()).containsExactly("demo run");
    }

    @Test
    void aThresholdOutsideZeroTo1000AndAFileWithoutRecordsAreRefused() throws Exception {
        assertThatThrownBy(() -> new DoctorSettings(List.of(), null, null, 1001))
                .hasMessage("--min-per-1000 1001.0 must be 0 to 1000");
        assertThatThrownBy(() -> new DoctorSettings(List.of(), null, null, Double.NaN))
                .hasMessage("--min-per-1000 NaN must be 0 to 1000");
        Path empty = Files.writeString(home.resolve("empty.jsonl"), "");
        assertThatThrownBy(() -> new DoctorSettings(List.of(empty), null, null, 50).diagnose())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty.jsonl");
    }

    @Test
    void aProvidersWindowOfAHistoryIsOneClientUnderTheWindowsHeading() throws Exception {
        Path history = HistoryFixture.write(home.resolve("history"));
        HistoryQuery a = new HistoryQuery(List.of("a"), null, HistoryFixture.NOON, HistoryFixture.ONE,
                HistoryFixture.ONE);

        DoctorReport report = new DoctorSettings(List.of(history), null, null, 50, a).diagnose();

        // The 6th's 10 checks (one connection opened) and the one done after midnight (the 7th's first connection).
        assertThat(report.records()).isEqualTo(11);
        assertThat(report.newConnections()).isEqualTo(2);
        assertThat(report.sources()).containsExactly("a");
        assertThat(report.history().heading()).isEqualTo("provider a, 2026-12-06 12:00 to 2026-12-07 01:00 UTC");
        assertThat(DoctorTable.text(report)).startsWith("provider a, 2026-12-06 12:00 to 2026-12-07 01:00 UTC\n"
                + "11 records from a; ");
        assertThat(report.notes()).anyMatch(n -> n.startsWith(history.resolve("a/2026-12-07/records.jsonl")
                + ": the last line (line 12,"));

        HistoryQuery morning = new HistoryQuery(List.of("a"), null, HistoryFixture.NOON.minusSeconds(3600),
                HistoryFixture.NOON, HistoryFixture.ONE);
        assertThatThrownBy(() -> new DoctorSettings(List.of(history), null, null, 50, morning).diagnose())
                .hasMessageStartingWith("provider a has no records from 2026-12-06 11:00 to 2026-12-06 12:00 UTC");
        HistoryQuery two = new HistoryQuery(List.of("a", "b"), null, null, null, HistoryFixture.ONE);
        assertThatThrownBy(() -> new DoctorSettings(List.of(history), null, null, 50, two).diagnose())
                .hasMessageContaining("doctor reads one provider at a time");
    }

    private Path records(String name) throws Exception {
        Path file = home.resolve(name);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (int i = 0; i < 20; i++) {
                out.write(RequestRecord.builder(i * 0.05, i * 0.05 + 0.02).status(200).conn(1L).reused(i > 0)
                        .session("s").scheme("http").request(0.02).build());
            }
        }
        return file;
    }
}
