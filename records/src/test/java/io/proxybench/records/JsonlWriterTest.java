package io.proxybench.records;

import static io.proxybench.records.RecordStreamTest.readAll;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlWriterTest {
    private static final int RECORDS = 40;

    @TempDir
    Path dir;

    @Test
    void aGzFileIsWrittenGzipAndReadBack() throws Exception {
        Path file = dir.resolve("run.jsonl.gz");
        List<RequestRecord> written = records(RECORDS);
        write(file, written);
        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes[0]).isEqualTo((byte) 0x1f);
        assertThat(bytes[1]).isEqualTo((byte) 0x8b);
        assertThat(readAll(file)).isEqualTo(written);
    }

    @Test
    void appendingToAGzFileAddsAGzipMemberReadOn() throws Exception {
        Path file = dir.resolve("run.jsonl.gz");
        List<RequestRecord> written = records(RECORDS);
        write(file, written.subList(0, 10));
        write(file, written.subList(10, RECORDS));
        assertThat(readAll(file)).isEqualTo(written);
    }

    @Test
    void flushMakesEveryLineWrittenSoFarReadableWhileTheWriterIsOpen() throws Exception {
        for (String name : List.of("run.jsonl", "run.jsonl.gz")) {
            Path file = dir.resolve(name);
            Path copy = dir.resolve("copy-" + name);
            List<RequestRecord> written = records(RECORDS);
            try (JsonlWriter out = new JsonlWriter(file)) {
                for (int i = 0; i < RECORDS; i++) {
                    out.write(written.get(i));
                    if (i % 7 == 6) {
                        out.flush();
                        // What a crash right now would leave: the file as it is.
                        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
                        try (RecordStream stream = RecordStream.open(copy)) {
                            assertThat(readAll(stream)).as("%s after %d records", name, i + 1)
                                    .isEqualTo(written.subList(0, i + 1));
                        }
                    }
                }
            }
        }
    }

    @Test
    void aPlainFileCutAtAnyByteReadsBackUpToItsLastCompleteLineWithTheCutReported() throws Exception {
        Path file = dir.resolve("run.jsonl");
        List<RequestRecord> written = records(RECORDS);
        write(file, written);
        byte[] whole = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.jsonl");
        for (int length = 0; length <= whole.length; length += 37) {
            Files.write(cut, Arrays.copyOf(whole, length));
            assertReadsBackUntilTheCut(cut, Arrays.copyOf(whole, length), false, written);
        }
        for (int length : lineEnds(whole)) {
            Files.write(cut, Arrays.copyOf(whole, length));
            assertReadsBackUntilTheCut(cut, Arrays.copyOf(whole, length), false, written);
            Files.write(cut, Arrays.copyOf(whole, length - 1));
            assertReadsBackUntilTheCut(cut, Arrays.copyOf(whole, length - 1), false, written);
        }
    }

    @Test
    void aGzipFileCutAtAnyByteReadsBackUpToItsLastCompleteLineWithTheCutReported() throws Exception {
        Path file = dir.resolve("run.jsonl.gz");
        List<RequestRecord> written = records(RECORDS);
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (int i = 0; i < RECORDS; i++) {
                out.write(written.get(i));
                if (i % 5 == 4) {
                    out.flush();
                }
            }
        }
        byte[] whole = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.jsonl.gz");
        // From 2 bytes on: shorter, a file is not gzip by its magic bytes (and the writer's one write of the 10-byte
        // header leaves 0 or all of them).
        for (int length = 2; length < whole.length; length += 7) {
            Files.write(cut, Arrays.copyOf(whole, length));
            assertReadsBackUntilTheCut(cut, inflated(Arrays.copyOf(whole, length)), true, written);
        }
        Files.write(cut, whole);
        assertThat(readAll(cut)).isEqualTo(written);
    }

    /**
     * The file {@code cut}, whose (decompressed) content is {@code content}, a prefix of {@code written}'s lines,
     * reads back as the records of its complete lines (and of a last line that lacks only its LF), and reports the
     * line it ends inside as cut, or the line after the last when a gzip stream ended early.
     */
    private static void assertReadsBackUntilTheCut(Path cut, byte[] content, boolean endedEarly,
            List<RequestRecord> written) throws IOException {
        int[] lineEnds = lineEnds(content);
        int complete = lineEnds.length;
        int partial = content.length - (complete == 0 ? 0 : lineEnds[complete - 1]);
        boolean partialIsRecord = partial > 0 && content[content.length - 1] == '}';
        int read = complete + (partialIsRecord ? 1 : 0);
        Optional<CutLine> expectedCut = partial > 0 && !partialIsRecord
                ? Optional.of(new CutLine(cut, complete + 1, partial))
                : endedEarly ? Optional.of(new CutLine(cut, read + 1, 0)) : Optional.empty();
        try (RecordStream stream = RecordStream.open(cut)) {
            assertThat(readAll(stream)).as("%d bytes", content.length).isEqualTo(written.subList(0, read));
            assertThat(stream.cutLine()).as("%d bytes", content.length).isEqualTo(expectedCut);
        }
    }

    /** What gzip data cut short decompresses to, up to where it ends. */
    private static byte[] inflated(byte[] gzip) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            byte[] chunk = new byte[512];
            for (int n; (n = in.read(chunk)) > 0; ) {
                out.write(chunk, 0, n);
            }
        } catch (EOFException endedEarly) {
            return out.toByteArray();
        }
        throw new AssertionError("the gzip data is whole");
    }

    /** The offsets just after each LF. */
    private static int[] lineEnds(byte[] bytes) {
        return IntStream.range(0, bytes.length).filter(i -> bytes[i] == '\n').map(i -> i + 1).toArray();
    }

    private static void write(Path file, List<RequestRecord> records) throws IOException {
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (RequestRecord record : records) {
                out.write(record);
            }
        }
    }

    /** Records of several shapes, each line of its own length. */
    private static List<RequestRecord> records(int count) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            records.add(i % 3 == 0
                    ? RequestRecordJsonTest.FAILED.withOutcome(Outcome.values()[i % Outcome.values().length])
                    : RequestRecord.builder(i * 0.01, i * 0.01 + 0.2).status(200).conn((long) i)
                            .loc(i % 2 == 0 ? "DE" : "Z\u00fcrich").body("x".repeat(i)).build());
        }
        return records;
    }
}
