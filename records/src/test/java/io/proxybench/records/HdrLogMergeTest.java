package io.proxybench.records;

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
        try (HdrLog log = new HdrLog(file, phases, clock::get, 0, List.of(HdrLogMerge.SEGMENT + name),
                (p, h, a, b) -> { })) {
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

        HdrLogMerge.Merged result = HdrLogMerge.write(List.of(HdrLogMerge.read(a), HdrLogMerge.read(b)), merged,
                List.of("merged for a test"));

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

        assertThat(HdrLogMerge.read(a).segments()).containsExactly("a.hlog");
        assertThatThrownBy(() -> HdrLogMerge.read(b))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("b.hlog holds " + 2 * Phase.values().length + " interval lines but only")
                .hasMessageContaining("a damaged or cut interval log; merge with --no-hdr-log");
    }

    @Test
    void aLogWithoutStartTimeOrIntervalsIsRefused() throws Exception {
        Path bare = dir.resolve("bare.hlog");
        Files.writeString(bare, "#[Histogram log format version 1.3]\n");
        assertThatThrownBy(() -> HdrLogMerge.read(bare)).hasMessageContaining("bare.hlog has no #[StartTime: line");
        Path empty = dir.resolve("empty.hlog");
        Files.writeString(empty, "#[Histogram log format version 1.3]\n#[StartTime: 1700000000.000 (seconds since"
                + " epoch)]\n");
        assertThatThrownBy(() -> HdrLogMerge.read(empty)).hasMessageContaining("empty.hlog holds no interval histogram");
    }

    /** A tick that ran late (a pause) keeps its interval in its own slot, and the next one in the next. */
    @Test
    void anIntervalEndedLateStaysInItsSlot() throws Exception {
        Path file = dir.resolve("late.hlog");
        AtomicLong clock = new AtomicLong(START_MILLIS);
        PhaseHistograms phases = new PhaseHistograms();
        try (HdrLog log = new HdrLog(file, phases, clock::get, 0, List.of(), (p, h, a, b) -> { })) {
            phases.record(PhaseHistogramsTest.ok(100));
            clock.addAndGet(1_700); // the first tick, 700 ms late
            log.tick();
            phases.record(PhaseHistogramsTest.ok(200));
            clock.addAndGet(300);
        }
        Path merged = dir.resolve("merged.hlog");
        HdrLogMerge.write(List.of(HdrLogMerge.read(file)), merged, List.of());
        assertThat(total(merged)).extracting(Histogram::getStartTimeStamp)
                .containsExactly(START_MILLIS, START_MILLIS + 1_000);
        assertThat(total(merged)).extracting(Histogram::getTotalCount).containsExactly(1L, 1L);
    }
}
