package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdrLogTest {
    private static final long START_MILLIS = 1_700_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void theLogHasItsStartTimeAndIntervalsThatTileTheRunUpToTheClose() throws Exception {
        Path file = dir.resolve("run.jsonl.hlog");
        AtomicLong clockMillis = new AtomicLong(START_MILLIS);
        PhaseHistograms phases = new PhaseHistograms();

        try (HdrLog log = new HdrLog(file, phases, clockMillis::get, 0, List.of(), (p, h, a, b) -> { })) {
            for (int i = 1; i <= 10; i++) {
                phases.record(PhaseHistogramsTest.ok(i * 100));
            }
            phases.record(PhaseHistogramsTest.failed());
            clockMillis.addAndGet(1_000);
            log.tick();
            phases.record(PhaseHistogramsTest.ok(50));
            clockMillis.addAndGet(500);
        }

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        List<Histogram> intervals = PhaseHistogramsTest.read(reader);
        reader.close();
        assertThat(reader.getStartTimeSec()).isEqualTo(START_MILLIS / 1000.0);
        assertThat(intervals).hasSize(2 * Phase.values().length);
        List<Histogram> total = intervals.stream()
                .filter(h -> h.getTag().equals("total")).toList();
        assertThat(total).extracting(Histogram::getTotalCount).containsExactly(10L, 1L);
        assertThat(total.get(0).getValueAtPercentile(90)).isCloseTo(900_000, within(900L));
        assertThat(total).extracting(Histogram::getStartTimeStamp).containsExactly(START_MILLIS, START_MILLIS + 1_000);
        assertThat(total).extracting(Histogram::getEndTimeStamp)
                .containsExactly(START_MILLIS + 1_000, START_MILLIS + 1_500);
    }
}
