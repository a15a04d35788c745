package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlFilesTest {
    @TempDir
    Path dir;

    @Test
    void readingTwoFilesMergesThemInOrder() throws Exception {
        Path a = dir.resolve("results_1.jsonl");
        Path b = dir.resolve("results_2.jsonl");
        Files.writeString(a, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0, \"status\": 200}\n"
                + "{\"sched\": 0.2, \"done\": 0.3, \"start_lag\": 0, \"status\": 200}\n");
        Files.writeString(b, "{\"sched\": 0.1, \"done\": 0.2, \"start_lag\": 0, \"error\": \"tcp_OSError\"}\n\n");
        List<RequestRecord> merged = JsonlReader.read(a, b);
        assertThat(merged).extracting(RequestRecord::sched).containsExactly(0.0, 0.2, 0.1);
        assertThat(merged.get(2).error()).isEqualTo("tcp_OSError");
    }

    @Test
    void malformedLineErrorNamesFileAndLine() throws Exception {
        Path good = dir.resolve("good.jsonl");
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(good, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}\n");
        Files.writeString(bad, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}\n{\"sched\": 0.1, \"done\n");
        assertThatThrownBy(() -> JsonlReader.read(good, bad))
                .isInstanceOfSatisfying(MalformedRecordException.class, e -> {
                    assertThat(e.file()).isEqualTo(bad);
                    assertThat(e.line()).isEqualTo(2);
                })
                .hasMessageStartingWith(bad + ":2: ");
    }

    @Test
    void aCutLastLineIsAnErrorOfTheListReaderNamingIt() throws Exception {
        Path file = dir.resolve("cut.jsonl");
        Files.writeString(file, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}\n{\"sched\": 0.1, \"do");
        assertThatThrownBy(() -> JsonlReader.read(file))
                .isInstanceOfSatisfying(MalformedRecordException.class, e -> assertThat(e.line()).isEqualTo(2))
                .hasMessageStartingWith(file + ":2: the last line (18 bytes) was cut");
    }

    @Test
    void aJsonValueThatIsNotARecordIsMalformed() throws Exception {
        Path file = dir.resolve("odd.jsonl");
        Files.writeString(file, "null\n");
        assertThatThrownBy(() -> JsonlReader.read(file)).hasMessage(file + ":1: null is not a record");
        Files.writeString(file, "[1, 2]\n");
        assertThatThrownBy(() -> JsonlReader.read(file)).hasMessageStartingWith(file + ":1: ");
    }

    @Test
    void aLineThatIsNotUtf8IsMalformedAndNamed() throws Exception {
        Path file = dir.resolve("latin1.jsonl");
        byte[] good = "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}\n".getBytes(StandardCharsets.UTF_8);
        byte[] latin1 = "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0, \"loc\": \"Z\u00fcrich\"}\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        Files.write(file, concat(good, good, latin1));
        assertThatThrownBy(() -> JsonlReader.read(file)).hasMessage(file + ":3: not UTF-8 text");
    }

    @Test
    void aRecordWithTextAfterItIsMalformed() throws Exception {
        Path file = dir.resolve("joined.jsonl");
        Files.writeString(file, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}"
                + "{\"sched\": 0.2, \"done\": 0.3, \"start_lag\": 0}\n");
        assertThatThrownBy(() -> JsonlReader.read(file)).hasMessageStartingWith(file + ":1: Trailing token");
    }

    @Test
    void aLineOfControlCharactersIsNotBlank() throws Exception {
        Path file = dir.resolve("control.jsonl");
        Files.writeString(file, "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0}\n \t\n\u000b\n");
        assertThatThrownBy(() -> JsonlReader.read(file)).hasMessageStartingWith(file + ":3: ");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    @Test
    void writerIsThreadSafeAndAppends() throws Exception {
        Path file = dir.resolve("run.jsonl");
        try (JsonlWriter out = new JsonlWriter(file)) {
            out.write(RequestRecordJsonTest.FAILED);
        }
        try (JsonlWriter out = new JsonlWriter(file)) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Thread thread = new Thread(() -> IntStream.range(0, 500).forEach(i -> write(out)));
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join();
            }
        }
        List<RequestRecord> read = JsonlReader.read(file);
        assertThat(read).hasSize(1 + 8 * 500);
        assertThat(read.subList(1, read.size())).containsOnly(RequestRecordJsonTest.FULL);
    }

    private static void write(JsonlWriter out) {
        try {
            out.write(RequestRecordJsonTest.FULL);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
