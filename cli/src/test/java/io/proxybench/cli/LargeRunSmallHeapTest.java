package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.LineSort;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge} of two shards of 500,000 records each, then {@code doctor} on the merged million, each in a JVM of
 * 48 MB of heap: both stream their files and sort them in temp files. The records held in a list would take some
 * 700 MB, so keeping them fails with an OutOfMemoryError.
 *
 * <p>The run: 1,000 sticky sessions taking turns at 1,000 requests per second for 1,000 s, shard 0 firing the even
 * requests (even sessions), shard 1 the odd ones; each session opens a new connection every 50 of its requests, so
 * 20,000 connections in all. Each shard writes its records about in completion order, not in schedule order, and
 * start lags of up to 3 ms put the merged file out of start order too: both commands spill sorted runs.
 */
class LargeRunSmallHeapTest {
    private static final int RECORDS = 1_000_000;
    private static final int SESSIONS = 1_000;
    private static final int REQUESTS_PER_CONNECTION = 50;
    private static final String HEAP = "-Xmx48m";

    @TempDir
    Path dir;

    @Test
    void aMillionRecordsAreMergedAndDiagnosedInASmallHeap() throws Exception {
        Path a = dir.resolve("shard-0.jsonl");
        Path b = dir.resolve("shard-1.jsonl");
        writeShard(a, 0);
        writeShard(b, 1);
        Path merged = dir.resolve("merged.jsonl");
        Path doctorTemp = Files.createDirectory(dir.resolve("doctor-temp"));

        String mergeOut = proxybench(List.of(), "merge", "--no-hdr-log", "--out", merged.toString(), a.toString(),
                b.toString());
        assertThat(mergeOut).isEqualTo(String.format(Locale.ROOT, "merged %,d records of 2 segments into %s",
                RECORDS, merged));
        assertThat(sortedBySched(merged)).isEqualTo(RECORDS);
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left).as("the merge's temp files, deleted").noneMatch(p -> p.getFileName().toString()
                    .startsWith(LineSort.TEMP_PREFIX));
        }

        String doctorOut = proxybench(List.of("-Djava.io.tmpdir=" + doctorTemp), "doctor", merged.toString());
        int connections = RECORDS / REQUESTS_PER_CONNECTION;
        assertThat(doctorOut).startsWith(String.format(Locale.ROOT, "%,d records from merged.jsonl; %,d on a"
                + " connection, %,d connections opened: 20.0 handshakes per 1,000 requests", RECORDS, RECORDS,
                connections));
        try (Stream<Path> left = Files.list(doctorTemp)) {
            assertThat(left).as("the doctor's temp files, deleted").isEmpty();
        }
    }

    /**
     * Shard {@code shard} of the run, as {@code run --shard shard/2} writes it: each line a record, about in
     * completion order (neighbours swapped at random).
     */
    private static void writeShard(Path file, int shard) throws IOException {
        Random random = new Random(shard);
        String segment = shard == 0 ? "0:1/2 of 0,1/2,1" : "1/2:1 of 0,1/2,1";
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            String held = null;
            for (int i = shard; i < RECORDS; i += 2) {
                int session = i % SESSIONS;
                int epoch = i / SESSIONS / REQUESTS_PER_CONNECTION;
                boolean reused = i / SESSIONS % REQUESTS_PER_CONNECTION != 0;
                double sched = i * 0.001;
                double lag = random.nextInt(3_000) * 1e-6;
                double total = 0.05 + random.nextInt(400) * 1e-3;
                String line = String.format(Locale.ROOT, "{\"sched\":%.3f,\"done\":%.6f,\"start_lag\":%.6f,%s"
                        + "\"request\":%.3f,\"total\":%.3f,\"status\":200,\"ip\":\"198.51.100.%d\",\"loc\":\"DE\","
                        + "\"outcome\":\"data\",\"reused\":%b,\"conn\":%d,\"session\":\"s%d\",\"scheme\":\"http\","
                        + "\"http\":\"HTTP/1.1\",\"segment\":\"%s\"}%n", sched, sched + lag + total, lag,
                        reused ? "" : "\"tcp\":0.021,", total - 0.01, total, session % 250, reused,
                        (long) epoch * SESSIONS + session + 1, session, segment);
                if (held == null && random.nextBoolean()) {
                    held = line;
                } else {
                    out.write(line);
                    if (held != null) {
                        out.write(held);
                        held = null;
                    }
                }
            }
            if (held != null) {
                out.write(held);
            }
        }
    }

    /** Runs {@code proxybench args} in a JVM of {@link #HEAP}; what it printed, once it exited with 0. */
    private String proxybench(List<String> jvm, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), HEAP));
        command.addAll(jvm);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path printed = dir.resolve(args[0] + ".txt");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile()).start();
        if (!child.waitFor(5, TimeUnit.MINUTES)) {
            child.destroyForcibly().waitFor();
        }
        String out = Files.readString(printed).strip();
        assertThat(child.exitValue()).as(out).isZero();
        return out;
    }

    /** How many records {@code file} holds, when they are in schedule order; else -1. */
    private static long sortedBySched(Path file) throws IOException {
        long count = 0;
        double last = Double.NEGATIVE_INFINITY;
        try (RecordStream records = RecordStream.open(file)) {
            for (RequestRecord r; (r = records.next()) != null; count++) {
                if (r.sched() < last) {
                    return -1;
                }
                last = r.sched();
            }
        }
        return count;
    }
}
