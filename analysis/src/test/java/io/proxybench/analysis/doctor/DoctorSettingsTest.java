package io.proxybench.analysis.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link DoctorSettings}: doctor's threshold checked, each file a client named by its file name. */
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
