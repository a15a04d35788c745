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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parsing on several threads gives the records, the cut and the errors that reading one line at a time gives. */
class RecordStreamParallelTest {

    @TempDir
    Path dir;

    /** Random records with blank lines and mixed terminators, with or without a cut (or a whole) last line. */
    private Path file(Random random, int n, String last) throws IOException {
        StringBuilder text = new StringBuilder();
        String[] terminators = {"\n", "\r\n", "\r"};
        for (int i = 0; i < n; i++) {
            text.append("{\"sched\": ").append(i).append(", \"done\": ").append(i + random.nextDouble())
                    .append(", \"start_lag\": 0, \"status\": ").append(random.nextBoolean() ? 200 : 503)
                    .append(", \"ip\": \"10.0.").append(random.nextInt(9)).append(".1\"}")
                    .append(terminators[random.nextInt(3)]);
            if (random.nextInt(50) == 0) {
                text.append("  \n");
            }
        }
        text.append(last);
        return Files.writeString(dir.resolve("r" + random.nextInt() + ".jsonl"), text, StandardCharsets.UTF_8);
    }

    private static List<RequestRecord> parallel(RecordStream in, int threads) throws IOException {
        List<RequestRecord> all = Collections.synchronizedList(new ArrayList<>());
        in.forEachInParallel(threads, () -> all::add);
        List<RequestRecord> sorted = new ArrayList<>(all);
        sorted.sort(Comparator.comparingDouble(RequestRecord::sched));
        return sorted;
    }

    @Test
    void everyRecordAndTheCutAsOneThreadReadsThem() throws Exception {
        Random random = new Random(7);
        for (String last : List.of("", "{\"sched\": 1e9, \"done\": 1e9, \"start_lag\": 0, \"status\": 200}",
                "{\"sched\": 1e9, \"do")) {
            for (int n : new int[] {0, 1, 2_047, 2_048, 9_001}) {
                Path file = file(random, n, last);
                List<RequestRecord> one;
                java.util.Optional<CutLine> cutOne;
                try (RecordStream in = RecordStream.open(file)) {
                    one = RecordStreamTest.readAll(in);
                    cutOne = in.cutLine();
                }
                for (int threads : new int[] {2, 3}) {
                    try (RecordStream in = RecordStream.open(file)) {
                        assertThat(parallel(in, threads)).as(n + " records, last " + last).isEqualTo(one);
                        assertThat(in.cutLine()).isEqualTo(cutOne);
                        assertThat(in.next()).isNull();
                    }
                }
            }
        }
    }

    @Test
    void theMalformedLineOfTheLowestNumberIsThrown() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10_000; i++) {
            text.append(i == 4_321 || i == 9_000 ? "{\"sched\": 1, oops}\n"
                    : "{\"sched\": " + i + ", \"done\": 1, \"start_lag\": 0, \"status\": 200}\n");
        }
        Path file = Files.writeString(dir.resolve("bad.jsonl"), text);
        try (RecordStream in = RecordStream.open(file)) {
            assertThatThrownBy(() -> in.forEachInParallel(2, () -> r -> { }))
                    .isInstanceOf(MalformedRecordException.class).hasMessageContaining(file + ":4322:");
        }
    }

    @Test
    void aRecordAConsumerRefusesIsReportedAtItsLineOnceTheThreadsHaveEnded() throws Exception {
        Path file = file(new Random(1), 5_000, "");
        List<String> lines = List.of(Files.readString(file).split("\r\n|\r|\n", -1));
        int line = lines.indexOf(lines.stream().filter(l -> l.startsWith("{\"sched\": 3000,")).findFirst().get()) + 1;
        try (RecordStream in = RecordStream.open(file)) {
            assertThatThrownBy(() -> in.forEachInParallel(2, () -> r -> {
                if (r.sched() == 3_000) {
                    throw new IllegalArgumentException("record 3000 refused");
                }
            })).isInstanceOf(MalformedRecordException.class).hasMessage(file + ":" + line + ": record 3000 refused");
        }
        try (RecordStream in = RecordStream.open(file)) {
            assertThatThrownBy(() -> in.forEach(r -> {
                if (r.sched() == 3_000) {
                    throw new IllegalArgumentException("record 3000 refused");
                }
            })).isInstanceOf(MalformedRecordException.class).hasMessage(file + ":" + line + ": record 3000 refused");
        }
    }

    @Test
    void whatElseAConsumerThrowsIsThrownOnceTheThreadsHaveEnded() throws Exception {
        Path file = file(new Random(1), 5_000, "");
        try (RecordStream in = RecordStream.open(file)) {
            assertThatThrownBy(() -> in.forEachInParallel(2, () -> r -> {
                if (r.sched() == 3_000) {
                    throw new IllegalStateException("consumer broke");
                }
            })).isInstanceOf(IllegalStateException.class).hasMessage("consumer broke");
        }
    }
}
