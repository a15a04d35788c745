package io.proxybench.bench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HdrLogMergeTest {
    private static final long START_MILLIS = 1_700_000_000_000L;

    @TempDir
    Path dir;

    /** A shard's log opened at {@code startMillis}: one interval per entry of {@code millisPerSecond}, 1 s each. */
    private Path shardLog(String name, long startMillis, long[]... millisPerSecond) throws IOException {
        Path file = dir.resolve(name);
        AtomicLong clock = new AtomicLong(startMillis);
        PhaseHistograms phases = new PhaseHistograms();
        try (HdrLog log = new HdrLog(file, phases, clock::get, 0, "segment of " + name)) {
            for (int i = 0; i < millisPerSecond.length; i++) {
                for (long millis : millisPerSecond[i]) {
                    phases.record(PhaseHistogramsTest.ok(millis));
                }
                clock.addAndGet(1_000);
                if (i < millisPerSecond.length - 1) {
                    log.tick();
                }
            }
        }
        return file;
    }

    private static List<Histogram> total(Path merged) throws IOException {
        HistogramLogReader reader = new HistogramLogReader(merged.toFile());
        List<Histogram> all = PhaseHistogramsTest.read(reader);
        reader.close();
        List<Histogram> total = new ArrayList<>();
        all.stream().filter(h -> h.getTag().equals("total")).forEach(total::add);
        return total;
    }

    @Test
    void intervalsLineUpByTheirOffsetFromEachShardsStartAndAdd() throws Exception {
        Path a = shardLog("a.hlog", START_MILLIS, new long[] {100, 200}, new long[] {300});
        Path b = shardLog("b.hlog", START_MILLIS + 400, new long[] {400}, new long[] {500, 600}, new long[] {700});
        Path merged = dir.resolve("merged.hlog");

        HdrLogMerge.Merged result = HdrLogMerge.merge(List.of(a, b), merged, List.of("merged for a test"));

        assertThat(result.startSpreadMillis()).isEqualTo(400);
        assertThat(result.intervals()).isEqualTo(3 * Phase.values().length);
        List<Histogram> total = total(merged);
        assertThat(total).extracting(Histogram::getTotalCount).containsExactly(3L, 3L, 1L);
        assertThat(total).extracting(Histogram::getStartTimeStamp)
                .containsExactly(START_MILLIS, START_MILLIS + 1_000, START_MILLIS + 2_000);
        assertThat(total.get(1).getMaxValue()).isCloseTo(600_000, within(600L));
        assertThat(total.get(1).getMinValue()).isCloseTo(300_000, within(300L));
        assertThat(Files.readString(merged)).contains("#merged for a test").contains("#[StartTime: 1700000000.000");
    }

    @Test
    void aDamagedLogIsNamedNotSkipped() throws Exception {
        Path a = shardLog("a.hlog", START_MILLIS, new long[] {100}, new long[] {200});
        Path b = shardLog("b.hlog", START_MILLIS, new long[] {100}, new long[] {200});
        List<String> lines = new ArrayList<>(Files.readAllLines(b));
        lines.set(lines.size() - 1, lines.get(lines.size() - 1).substring(0, 30) + "!!");
        Files.write(b, lines);

        assertThatThrownBy(() -> HdrLogMerge.merge(List.of(a, b), dir.resolve("merged.hlog"), List.of()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("b.hlog holds " + 2 * Phase.values().length + " interval lines but only")
                .hasMessageContaining("a damaged or cut interval log");
    }

    @Test
    void aLogWithoutIntervalsIsRefused() throws Exception {
        Path a = shardLog("a.hlog", START_MILLIS, new long[] {100});
        Path empty = dir.resolve("empty.hlog");
        Files.writeString(empty, "#[Histogram log format version 1.3]\n");
        assertThatThrownBy(() -> HdrLogMerge.merge(List.of(a, empty), dir.resolve("merged.hlog"), List.of()))
                .hasMessageContaining("empty.hlog holds no interval histogram");
    }
}
