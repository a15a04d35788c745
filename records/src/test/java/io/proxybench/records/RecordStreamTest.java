package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordStreamTest {
    private static final String A = "{\"sched\": 0.0, \"done\": 0.1, \"start_lag\": 0, \"status\": 200}";
    private static final String B = "{\"sched\": 0.2, \"done\": 0.3, \"start_lag\": 0, \"error\": \"tcp_OSError\"}";
    private static final String C = "{\"sched\": 0.4, \"done\": 0.5, \"start_lag\": 0, \"status\": 503}";

    @TempDir
    Path dir;

    @Test
    void linesEndAtLfCrLfOrCr() throws Exception {
        Path file = write("ends.jsonl", A + "\n" + B + "\r\n" + C + "\r" + A + "\n");
        assertThat(readAll(file)).extracting(RequestRecord::sched).containsExactly(0.0, 0.2, 0.4, 0.0);
    }

    @Test
    void crThenLfIsOneTerminatorSoLineNumbersCountItOnce() throws Exception {
        Path file = write("crlf.jsonl", A + "\r\n" + B + "\r\r\n{\"sched\"\r\n");
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next()).isNotNull();
            assertThat(stream.next()).isNotNull();
            assertThatThrownBy(stream::next).isInstanceOfSatisfying(MalformedRecordException.class,
                    e -> assertThat(e.line()).isEqualTo(4));
        }
    }

    @Test
    void aRecordWithoutSchedOrDoneIsAnErrorAtItsLineNotAZeroTime() throws Exception {
        Path noSched = write("no-sched.jsonl", A + "\n\n{\"done\": 1.2, \"total\": 0.2, \"status\": 200}\n");
        Path noDone = write("no-done.jsonl", A + "\n{\"sched\": 1.0, \"status\": 200}\n" + B + "\n");
        try (RecordStream stream = RecordStream.open(noSched)) {
            assertThat(stream.next()).isNotNull();
            assertThatThrownBy(stream::next).isInstanceOf(MalformedRecordException.class)
                    .hasMessageStartingWith(noSched + ":3: the record has no \"sched\" (its scheduled start");
        }
        try (RecordStream stream = RecordStream.open(noDone)) {
            assertThatThrownBy(() -> stream.forEachInParallel(2, () -> r -> { }))
                    .isInstanceOf(MalformedRecordException.class)
                    .hasMessageStartingWith(noDone + ":2: the record has no \"done\" (its completion");
        }
    }

    @Test
    void blankLinesAreSkippedAndCounted() throws Exception {
        Path file = write("blank.jsonl", "\n  \t\n" + A + "\n\r\n \n" + B + "\n\t\n{\n");
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next().sched()).isEqualTo(0.0);
            assertThat(stream.next().sched()).isEqualTo(0.2);
            assertThatThrownBy(stream::next).isInstanceOfSatisfying(MalformedRecordException.class,
                    e -> assertThat(e.line()).isEqualTo(8));
        }
    }

    @Test
    void oneRecordWithoutNewlineIsARecord() throws Exception {
        Path file = write("one.jsonl", A);
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next().status()).isEqualTo(200);
            assertThat(stream.next()).isNull();
            assertThat(stream.cutLine()).isEmpty();
        }
    }

    @Test
    void anEmptyFileHasNoRecordsAndNoCut() throws Exception {
        Path file = write("empty.jsonl", "");
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next()).isNull();
            assertThat(stream.next()).isNull();
            assertThat(stream.cutLine()).isEmpty();
        }
    }

    @Test
    void aLastLineWithoutTerminatorThatIsNoRecordIsReportedCut() throws Exception {
        String cut = "{\"sched\": 0.4, \"do";
        Path file = write("cut.jsonl", A + "\n" + B + "\n" + cut);
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.cutLine()).as("not known before the end").isEmpty();
            List<RequestRecord> records = new ArrayList<>();
            stream.forEach(records::add);
            assertThat(records).extracting(RequestRecord::sched).containsExactly(0.0, 0.2);
            assertThat(stream.cutLine()).contains(new CutLine(file, 3, cut.length()));
            assertThat(stream.cutLine().orElseThrow().describe())
                    .startsWith(file + ": the last line (line 3, 18 bytes) was cut and left out");
        }
    }

    @Test
    void aLastLineCutInsideAUtf8SequenceIsReportedCut() throws Exception {
        byte[] loc = "{\"sched\": 0.4, \"done\": 0.5, \"start_lag\": 0, \"loc\": \"Z\u00fc"
                .getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("utf8cut.jsonl");
        Files.write(file, concat((A + "\n").getBytes(StandardCharsets.UTF_8), Arrays.copyOf(loc, loc.length - 1)));
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next()).isNotNull();
            assertThat(stream.next()).isNull();
            assertThat(stream.cutLine()).contains(new CutLine(file, 2, loc.length - 1));
        }
    }

    @Test
    void aMalformedLineBeforeTheLastIsAnErrorNamingFileAndLine() throws Exception {
        Path file = write("middle.jsonl", A + "\n{\"sched\": 0.2, \"done\n" + B);
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next()).isNotNull();
            assertThatThrownBy(stream::next)
                    .isInstanceOfSatisfying(MalformedRecordException.class, e -> {
                        assertThat(e.file()).isEqualTo(file);
                        assertThat(e.line()).isEqualTo(2);
                    })
                    .hasMessageStartingWith(file + ":2: ");
        }
    }

    @Test
    void aMalformedLastLineWithItsTerminatorIsAnError() throws Exception {
        for (String end : List.of("\n", "\r\n", "\r")) {
            Path file = write("last.jsonl", A + "\n{\"sched\": 0.2, \"done" + end);
            try (RecordStream stream = RecordStream.open(file)) {
                assertThat(stream.next()).isNotNull();
                assertThatThrownBy(stream::next).as("ended by %s", end.replace("\r", "CR").replace("\n", "LF"))
                        .hasMessageStartingWith(file + ":2: ");
            }
        }
    }

    @Test
    void aMalformedLineFollowedOnlyByBlankOnesIsNotTheCutLastLine() throws Exception {
        Path file = write("trailing-blank.jsonl", A + "\n{\"sched\"\n  ");
        assertThatThrownBy(() -> readAll(file)).hasMessageStartingWith(file + ":2: ");
    }

    @Test
    void gzipIsToldByItsMagicBytesNotItsName() throws Exception {
        Path file = dir.resolve("run.jsonl");
        Files.write(file, gzip((A + "\n" + B + "\r\n\n" + C).getBytes(StandardCharsets.UTF_8)));
        assertThat(readAll(file)).extracting(RequestRecord::sched).containsExactly(0.0, 0.2, 0.4);
    }

    @Test
    void aGzipStreamEndingEarlyIsReportedCutAfterItsLastCompleteLine() throws Exception {
        byte[] whole = gzip((A + "\n" + B + "\n" + C + "\n").getBytes(StandardCharsets.UTF_8));
        Path file = dir.resolve("cut.jsonl.gz");
        Files.write(file, Arrays.copyOf(whole, whole.length - 4));
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(readAll(stream)).hasSize(3);
            assertThat(stream.cutLine()).as("the trailer is missing: the stream ended before a 4th line")
                    .contains(new CutLine(file, 4, 0));
        }
    }

    @Test
    void aGzipFileCutInItsHeaderHasNoRecordsAndIsReportedCut() throws Exception {
        Path file = dir.resolve("header.jsonl.gz");
        Files.write(file, Arrays.copyOf(gzip(A.getBytes(StandardCharsets.UTF_8)), 5));
        try (RecordStream stream = RecordStream.open(file)) {
            assertThat(stream.next()).isNull();
            assertThat(stream.cutLine()).contains(new CutLine(file, 1, 0));
        }
    }

    @Test
    void corruptGzipDataIsAnErrorNamingTheFile() throws Exception {
        byte[] bytes = gzip((A + "\n" + B + "\n").getBytes(StandardCharsets.UTF_8));
        bytes[10] = (byte) 0xff;
        Path file = dir.resolve("corrupt.jsonl.gz");
        Files.write(file, bytes);
        assertThatThrownBy(() -> readAll(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ": the gzip data is corrupt in line 1 (");
    }

    @Test
    void aHeaderThatIsNotGzipsIsAnErrorNamingTheFile() throws Exception {
        Path file = dir.resolve("magic.jsonl");
        Files.write(file, new byte[] {0x1f, (byte) 0x8b, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0});
        assertThatThrownBy(() -> RecordStream.open(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ": begins as gzip (bytes 1f 8b) but its header is not gzip's");
    }

    @Test
    void aLineLongerThanTheBufferIsRead() throws Exception {
        String body = "x".repeat(300_000);
        Path file = write("long.jsonl", A + "\n{\"sched\": 1, \"done\": 2, \"body\": \"" + body + "\"}\r" + B + "\n");
        List<RequestRecord> records = readAll(file);
        assertThat(records).hasSize(3);
        assertThat(records.get(1).body()).isEqualTo(body);
    }

    @Test
    void aLineJacksonWouldDecodeAsUtf16IsMalformedAsText() throws Exception {
        Path file = dir.resolve("utf16.jsonl");
        Files.write(file, concat(A.getBytes(StandardCharsets.UTF_16LE), new byte[] {'\n'}));
        assertThatThrownBy(() -> readAll(file)).hasMessageStartingWith(file + ":1: Illegal character");
        Files.write(file, ("\ufeff" + A + "\n").getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> readAll(file)).hasMessageStartingWith(file + ":1: Unexpected character");
    }

    @Test
    void numbersReadAsDoubleParseDoubleReadsThem() throws Exception {
        List<String> numbers = List.of("0.1", "1e23", "2.2250738585072012e-308", "4.9e-324", "9007199254740993",
                "0.30000000000000004", "123456789012345678901234567890.123456789e-10", "1.7976931348623157E308");
        StringBuilder lines = new StringBuilder();
        for (String number : numbers) {
            lines.append("{\"sched\": ").append(number).append(", \"done\": 0}\n");
        }
        assertThat(readAll(write("numbers.jsonl", lines.toString()))).extracting(RequestRecord::sched)
                .containsExactlyElementsOf(numbers.stream().map(Double::parseDouble).toList());
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    static List<RequestRecord> readAll(Path file) throws IOException {
        try (RecordStream stream = RecordStream.open(file)) {
            return readAll(stream);
        }
    }

    static List<RequestRecord> readAll(RecordStream stream) throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        stream.forEach(records::add);
        return records;
    }

    static byte[] gzip(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
