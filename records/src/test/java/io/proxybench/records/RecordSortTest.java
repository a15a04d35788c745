package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordSortTest {
    private static final Comparator<RequestRecord> BY_SCHED = Comparator.comparingDouble(RequestRecord::sched);

    @TempDir
    Path dir;

    private Path spills;

    @BeforeEach
    void makeSpillDirectory() throws IOException {
        spills = Files.createDirectory(dir.resolve("spills"));
    }

    /** {@code n} records scheduled at distinct times, shuffled, some with a session, status and body. */
    private static List<RequestRecord> shuffled(Random random, int n, int offset) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double sched = (offset + i) * 0.001;
            RequestRecord.Builder b = RequestRecord.builder(sched, sched + random.nextDouble())
                    .startLag(random.nextDouble() / 1000).status(random.nextBoolean() ? 200 : 503)
                    .conn((long) random.nextInt(50)).reused(random.nextBoolean());
            if (random.nextInt(4) == 0) {
                b.session("s" + random.nextInt(9)).body("body " + i);
            }
            records.add(b.build());
        }
        Collections.shuffle(records, random);
        return records;
    }

    private Path write(String name, List<RequestRecord> records) throws IOException {
        Path file = dir.resolve(name);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (RequestRecord r : records) {
                out.write(r);
            }
        }
        return file;
    }

    private static List<RequestRecord> drain(RecordSort sort) throws IOException {
        List<RequestRecord> out = new ArrayList<>();
        for (RequestRecord r; (r = sort.next()) != null; ) {
            out.add(r);
        }
        return out;
    }

    private List<Path> spilled() throws IOException {
        try (Stream<Path> files = Files.list(spills)) {
            return files.toList();
        }
    }

    /** Chunks of 1 record spill 4,200 runs: 65 merges of 64 runs into one, and one of those into a third level. */
    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100_000})
    void severalFilesSortAsOneListDoes(int chunk) throws IOException {
        Random random = new Random(chunk);
        List<RequestRecord> a = shuffled(random, 1_400, 0);
        List<RequestRecord> b = shuffled(random, 1_400, 1_400);
        List<RequestRecord> c = new ArrayList<>(shuffled(random, 1_400, 2_800));
        c.sort(BY_SCHED.reversed());
        List<Path> files = List.of(write("a.jsonl", a), write("b.jsonl.gz", b), write("c.jsonl", c));
        List<RequestRecord> expected = new ArrayList<>(a);
        expected.addAll(b);
        expected.addAll(c);
        expected.sort(BY_SCHED);

        try (RecordSort sort = RecordSort.open(files, r -> true, BY_SCHED, spills, chunk)) {
            assertThat(spilled()).as("spilled runs").hasSizeBetween(chunk == 100_000 ? 0 : 1,
                    chunk == 100_000 ? 0 : 3 * RecordSort.FAN_IN);
            assertThat(drain(sort)).isEqualTo(expected);
            assertThat(sort.cutLines()).isEmpty();
        }
        assertThat(spilled()).as("deleted on close").isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 100_000})
    void recordsEqualInTheOrderAllComeOut(int chunk) throws IOException {
        Random random = new Random(-chunk);
        List<RequestRecord> records = shuffled(random, 500, 0);
        Comparator<RequestRecord> byStatus = Comparator.comparing(RequestRecord::status);

        try (RecordSort sort = RecordSort.open(List.of(write("ties.jsonl", records)), r -> true, byStatus, spills,
                chunk)) {
            List<RequestRecord> sorted = drain(sort);
            assertThat(sorted).isSortedAccordingTo(byStatus).containsExactlyInAnyOrderElementsOf(records);
        }
    }

    @Test
    void sortedFilesAreMergedWithoutSpilling() throws IOException {
        Random random = new Random(3);
        List<RequestRecord> a = new ArrayList<>(shuffled(random, 300, 0));
        List<RequestRecord> b = new ArrayList<>(shuffled(random, 300, 150));
        a.sort(BY_SCHED);
        b.sort(BY_SCHED);
        List<RequestRecord> expected = new ArrayList<>(a);
        expected.addAll(b);
        expected.sort(BY_SCHED);

        try (RecordSort sort = RecordSort.open(List.of(write("a.jsonl", a), write("b.jsonl.gz", b)), r -> true,
                BY_SCHED, spills, 1)) {
            assertThat(spilled()).isEmpty();
            assertThat(drain(sort)).isEqualTo(expected);
        }
    }

    @Test
    void anInputThatFitsInOneChunkIsNotSpilled() throws IOException {
        List<RequestRecord> records = shuffled(new Random(4), 200, 0);

        try (RecordSort sort = RecordSort.open(List.of(write("small.jsonl", records)), r -> true, BY_SCHED, spills,
                200)) {
            assertThat(spilled()).isEmpty();
            assertThat(drain(sort)).hasSize(200).isSortedAccordingTo(BY_SCHED);
        }
    }

    @Test
    void recordsWithBodiesFillAChunkSooner() throws IOException {
        String body = "x".repeat(5 * 1024);
        List<RequestRecord> records = List.of(RequestRecord.builder(3, 4).body(body).build(),
                RequestRecord.builder(1, 2).body(body).build(), RequestRecord.builder(2, 3).body(body).build());

        try (RecordSort sort = RecordSort.open(List.of(write("bodies.jsonl", records)), r -> true, BY_SCHED, spills,
                10)) {
            assertThat(spilled()).as("6 + 6 is more than a chunk of 10").hasSize(1);
            assertThat(drain(sort)).extracting(RequestRecord::sched).containsExactly(1.0, 2.0, 3.0);
        }
    }

    @Test
    void onlyTheRecordsKeptAreSorted() throws IOException {
        List<RequestRecord> records = shuffled(new Random(5), 300, 0);

        try (RecordSort sort = RecordSort.open(List.of(write("some.jsonl", records)), RequestRecord::ok, BY_SCHED,
                spills, 7)) {
            assertThat(drain(sort)).isEqualTo(records.stream().filter(RequestRecord::ok).sorted(BY_SCHED).toList());
        }
    }

    @Test
    void aCutLastLineIsLeftOutAndReported() throws IOException {
        List<RequestRecord> records = shuffled(new Random(6), 20, 0);
        Path file = write("cut.jsonl", records);
        Files.writeString(file, "{\"sched\": 9, \"do", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);

        try (RecordSort sort = RecordSort.open(List.of(file), r -> true, BY_SCHED, spills, 7)) {
            assertThat(drain(sort)).hasSize(20).isSortedAccordingTo(BY_SCHED);
            assertThat(sort.cutLines()).containsExactly(new CutLine(file, 21, 16));
        }
    }

    @Test
    void aMalformedLineFailsTheSortAndItsSpilledRunsAreDeleted() throws IOException {
        Path good = write("good.jsonl", shuffled(new Random(7), 100, 0));
        Path bad = write("bad.jsonl", shuffled(new Random(8), 10, 100));
        Files.writeString(bad, "{\"sched\": 9, \"done\"}\n" + Files.readString(bad));

        assertThatThrownBy(() -> RecordSort.open(List.of(good, bad), r -> true, BY_SCHED, spills, 7))
                .isInstanceOfSatisfying(MalformedRecordException.class, e -> assertThat(e.file()).isEqualTo(bad));
        assertThat(spilled()).isEmpty();
    }

    @Test
    void aDirectoryThatCannotTakeRunsIsASpillFailureNamingIt() throws IOException {
        Path missing = dir.resolve("no-such-directory");
        Path file = write("many.jsonl", shuffled(new Random(9), 20, 0));

        assertThatThrownBy(() -> RecordSort.open(List.of(file), r -> true, BY_SCHED, missing, 7))
                .isInstanceOf(SpillException.class).hasMessageContaining("cannot create a temp file in " + missing)
                .hasMessageContaining("free space there");
    }
}
