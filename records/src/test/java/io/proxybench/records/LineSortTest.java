package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines sorted through spilled runs come out as an in-memory sort orders them, unchanged, the runs deleted after. */
class LineSortTest {

    private static final Function<RequestRecord, LineSort.Key> BY_SCHED =
            r -> new LineSort.Key(r.sched(), r.segment() == null ? -1 : r.segment().length(), r.done());

    @TempDir
    Path dir;

    /** {@code n} lines in done order, as a run writes them, with distinct keys and some extra spaces kept. */
    private Path shard(Random random, int index, int n, String tail) throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double sched = (i + random.nextDouble()) / 100 + index * 1e-9;
            text.append("{\"sched\": ").append(sched).append(",  \"done\":").append(sched + random.nextDouble())
                    .append(", \"start_lag\": 0, \"status\": 200, \"segment\": \"s").append(index).append("\"}\n");
        }
        text.append(tail);
        return Files.writeString(dir.resolve("shard-" + index + ".jsonl"), text, StandardCharsets.UTF_8);
    }

    private static List<String> sortedInMemory(List<Path> files) throws Exception {
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            byte[] bytes = Files.readAllBytes(f);
            if (f.toString().endsWith(".gz")) {
                bytes = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(bytes)).readAllBytes();
            }
            new String(bytes, StandardCharsets.UTF_8).lines().filter(l -> l.endsWith("}")).forEach(lines::add);
        }
        lines.sort(Comparator.comparing(l -> BY_SCHED.apply(parse(l))));
        return lines;
    }

    private static RequestRecord parse(String line) {
        try {
            return Jsonl.MAPPER.readValue(line, RequestRecord.class);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private List<Path> temporary() throws Exception {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.filter(p -> p.getFileName().toString().startsWith(LineSort.TEMP_PREFIX)).toList();
        }
    }

    @Test
    void spilledRunsMergeIntoTheInMemoryOrderWithEveryLineUnchanged() throws Exception {
        Random random = new Random(3);
        Path gzipped = dir.resolve("shard-4.jsonl.gz");
        Files.write(gzipped, RecordStreamTest.gzip(Files.readAllBytes(shard(random, 4, 1_500, ""))));
        List<Path> files = List.of(shard(random, 1, 3_000, ""), shard(random, 2, 2_500, ""), shard(random, 3, 10, ""),
                gzipped);
        List<String> expected = sortedInMemory(files);
        // 1 KiB per thread: a run every few lines, so more than LineSort.MAX_RUNS runs merge in two levels. The gzip'd
        // shard's lines are kept whole; the plain ones' are read again at their places.
        for (long budget : new long[] {1024, 64 << 10, 64 << 20}) {
            AtomicLong seen = new AtomicLong();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long written;
            try (LineSort sort = LineSort.open(files, r -> true, BY_SCHED, dir, budget,
                    (f, r) -> seen.incrementAndGet())) {
                written = sort.writeTo(out);
                assertThat(sort.cutLines()).isEmpty();
            }
            assertThat(written).isEqualTo(expected.size()).isEqualTo(seen.get());
            assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).as("budget " + budget)
                    .isEqualTo(expected);
            assertThat(temporary()).as("runs deleted").isEmpty();
        }
    }

    @Test
    void aCutLastLineIsReportedAndLeftOut() throws Exception {
        Random random = new Random(5);
        List<Path> files = List.of(shard(random, 1, 100, "{\"sched\": 9, \"do"), shard(random, 2, 50, ""));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (LineSort sort = LineSort.open(files, r -> true, BY_SCHED, dir, 1024, (f, r) -> { })) {
            assertThat(sort.writeTo(out)).isEqualTo(150);
            assertThat(sort.cutLines()).singleElement().satisfies(c -> {
                assertThat(c.file()).isEqualTo(files.get(0));
                assertThat(c.line()).isEqualTo(101);
            });
        }
    }

    @Test
    void aMalformedLineIsAnErrorNamingItAndLeavesNoRun() throws Exception {
        Random random = new Random(9);
        Path bad = shard(random, 1, 500, "{\"sched\": 9, oops}\n" + "{\"sched\": 9, \"done\": 9, \"start_lag\": 0}\n");
        assertThatThrownBy(() -> LineSort.open(List.of(bad), r -> true, BY_SCHED, dir, 1024, (f, r) -> { }))
                .isInstanceOf(MalformedRecordException.class).hasMessageContaining(bad + ":501:");
        assertThat(temporary()).isEmpty();
    }

    @Test
    void keptRecordsAreReadAgainInTheKeysOrderFromPlainAndGzippedFiles() throws Exception {
        Random random = new Random(11);
        Path gzipped = dir.resolve("shard-2.jsonl.gz");
        Files.write(gzipped, RecordStreamTest.gzip(Files.readAllBytes(shard(random, 2, 700, ""))));
        List<Path> files = List.of(shard(random, 1, 900, ""), gzipped);
        List<RequestRecord> expected = sortedInMemory(files).stream().map(LineSortTest::parse)
                .filter(r -> r.done() - r.sched() < 0.5).toList();
        for (long budget : new long[] {1024, 64 << 20}) {
            List<RequestRecord> sorted = new ArrayList<>();
            AtomicLong seen = new AtomicLong();
            try (LineSort sort = LineSort.open(files, r -> r.done() - r.sched() < 0.5, BY_SCHED, dir, budget,
                    (f, r) -> seen.incrementAndGet())) {
                sort.forEach(sorted::add);
            }
            assertThat(seen.get()).as("every record read, kept or not").isEqualTo(1_600);
            assertThat(sorted).as("budget " + budget).isEqualTo(expected);
            assertThat(temporary()).isEmpty();
        }
    }

    @Test
    void partsAreSortedAsTheirSelectionsMoveThemAndWhatTheyLeaveOutIsReadOnly() throws Exception {
        Random random = new Random(17);
        Path first = shard(random, 1, 600, "");
        Path second = shard(random, 2, 600, "");
        // The second file's records 10 s later, and those of its first 2 s left out: the two files do not interleave.
        UnaryOperator<RequestRecord> later = r -> r.sched() < 2 ? null : r.shifted(10);
        List<RequestRecord> expected = new ArrayList<>(sortedInMemory(List.of(first)).stream()
                .map(LineSortTest::parse).toList());
        sortedInMemory(List.of(second)).stream().map(LineSortTest::parse).map(later).filter(r -> r != null)
                .forEach(expected::add);
        for (long budget : new long[] {1024, 64 << 20}) {
            List<RequestRecord> sorted = new ArrayList<>();
            AtomicLong seen = new AtomicLong();
            try (LineSort sort = LineSort.openParts(List.of(FilePart.whole(first), new FilePart(second, later)),
                    r -> true, BY_SCHED, dir, budget, (f, r) -> seen.incrementAndGet())) {
                sort.forEach(sorted::add);
            }
            assertThat(seen.get()).as("every record read, selected or not").isEqualTo(1_200);
            assertThat(sorted).as("budget " + budget).isEqualTo(expected);
            assertThat(temporary()).isEmpty();
        }
    }

    @Test
    void linesOfEqualKeysAllComeOut() throws Exception {
        Random random = new Random(13);
        List<Path> files = List.of(shard(random, 1, 400, ""));
        Function<RequestRecord, LineSort.Key> bySecond = r -> new LineSort.Key(Math.floor(r.sched()), 0, 0);
        List<RequestRecord> sorted = new ArrayList<>();
        try (LineSort sort = LineSort.open(files, r -> true, bySecond, dir, 1024, (f, r) -> { })) {
            sort.forEach(sorted::add);
        }
        assertThat(sorted).extracting(r -> Math.floor(r.sched())).isSorted();
        assertThat(sorted).extracting(RequestRecord::sched).containsExactlyInAnyOrderElementsOf(
                sortedInMemory(files).stream().map(l -> parse(l).sched()).toList());
    }

    @Test
    void aDirectoryThatCannotTakeRunsIsASpillFailureNamingIt() throws Exception {
        Path missing = dir.resolve("no-such-directory");
        Path file = shard(new Random(15), 1, 200, "");
        assertThatThrownBy(() -> LineSort.open(List.of(file), r -> true, BY_SCHED, missing, 1024, (f, r) -> { }))
                .isInstanceOf(SpillException.class).hasMessageContaining("cannot make a sorted run in " + missing)
                .hasMessageContaining("writable directory with room");
    }
}
