package io.proxybench.harness.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.asn.AsnFiles;
import io.proxybench.analysis.read.HistoryFixture;
import io.proxybench.analysis.read.HistoryQuery;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.report.Analysis;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AnalyzeSettings}: analyze's window checked, its files read as the shards of one run, and a provider's window
 * of a watch's history read as one run.
 */
class AnalyzeSettingsTest {

    @TempDir
    Path home;

    @Test
    void theFilesAreAnalysedTogetherWithTheirVerdicts() throws Exception {
        Path a = records("a.jsonl", 3);
        Path b = records("b.jsonl", 2);

        Analysis analysis = new AnalyzeSettings(List.of(a, b), null, 60).analyze(new AsnFiles(null, null),
                Thresholds.parse(List.of("records < 10")));

        assertThat(analysis.records()).isEqualTo(5);
        assertThat(analysis.ok()).isEqualTo(5);
        assertThat(analysis.windowSeconds()).isEqualTo(60);
        assertThat(analysis.thresholds()).singleElement().satisfies(v -> assertThat(v.failed()).isTrue());
    }

    @Test
    void aWindowUnderASecondAndAFileWithoutRecordsAreRefused() throws Exception {
        assertThatThrownBy(() -> new AnalyzeSettings(List.of(home.resolve("x.jsonl")), null, 0))
                .hasMessage("--window 0 must be at least 1 second");
        Path empty = Files.writeString(home.resolve("empty.jsonl"), "");
        assertThatThrownBy(() -> new AnalyzeSettings(List.of(empty), null, 60).analyze(new AsnFiles(null, null),
                Thresholds.NONE)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty.jsonl");
    }

    @Test
    void aProvidersWindowOfAHistoryIsOneRunUnderTheWindowsHeading() throws Exception {
        Path history = HistoryFixture.write(home.resolve("history"));
        HistoryQuery b = new HistoryQuery(List.of("b"), Duration.ofHours(13), null, null, HistoryFixture.ONE);

        Analysis analysis = new AnalyzeSettings(List.of(history), null, 3600, b).analyze(new AsnFiles(null, null),
                Thresholds.parse(List.of("records < 10")));

        assertThat(analysis.records()).isEqualTo(10);
        assertThat(analysis.ok()).isEqualTo(5);
        assertThat(analysis.thresholds()).singleElement().satisfies(v -> assertThat(v.failed()).isFalse());
        assertThat(analysis.history()).isEqualTo(new HistorySpan(history.toString(), List.of("b"),
                "2026-12-06T12:00:00Z", "2026-12-07T01:00:00Z"));
        assertThat(analysis.text()).startsWith("provider b, 2026-12-06 12:00 to 2026-12-07 01:00 UTC\n10 records,"
                + " 5 ok\n");
        assertThatThrownBy(() -> new AnalyzeSettings(List.of(history), null, 60).analyze(new AsnFiles(null, null),
                Thresholds.NONE)).hasMessageStartingWith(history + " is a watch's history, of providers a, b:");
    }

    private Path records(String name, int count) throws Exception {
        Path file = home.resolve(name);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (int i = 0; i < count; i++) {
                out.write(RequestRecord.builder(i * 0.1, i * 0.1 + 0.05).status(200).total(0.05).build());
            }
        }
        return file;
    }
}
