package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file of 2 million records (about 250 MB, some 400 MB of records once read) is read in a JVM of 32 MB of heap:
 * reading holds one line at a time, not the file.
 */
class RecordStreamSmallHeapTest {
    private static final int RECORDS = 2_000_000;
    private static final String HEAP = "-Xmx32m";

    @TempDir
    Path dir;

    @Test
    void twoMillionRecordsAreReadInASmallHeap() throws Exception {
        Path file = dir.resolve("large.jsonl");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            for (int i = 0; i < RECORDS; i++) {
                out.write(("{\"sched\":" + i * 0.0025 + ",\"done\":" + (i * 0.0025 + 0.41) + ",\"start_lag\":1.5E-4,"
                        + "\"tcp\":0.021,\"total\":0.41,\"status\":200,\"ip\":\"198.51.100.4\",\"loc\":\"DE\","
                        + "\"outcome\":\"data\",\"conn\":" + i + "}\n").getBytes(StandardCharsets.US_ASCII));
            }
            out.write("{\"sched\":".getBytes(StandardCharsets.US_ASCII));
        }
        Path printed = dir.resolve("printed.txt");
        Process child = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                HEAP, "-cp", System.getProperty("java.class.path"), RecordCount.class.getName(), file.toString()))
                .redirectErrorStream(true).redirectOutput(printed.toFile()).start();
        if (!child.waitFor(5, TimeUnit.MINUTES)) {
            child.destroyForcibly();
        }
        assertThat(Files.readString(printed).strip()).as("what the child printed")
                .isEqualTo(RECORDS + " records, cut: line " + (RECORDS + 1) + ", 9 bytes");
        assertThat(child.exitValue()).isZero();
    }
}
