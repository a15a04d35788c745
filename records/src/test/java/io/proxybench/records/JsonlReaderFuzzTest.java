package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result file of arbitrary bytes, gzip'd when they begin with its magic bytes: {@link RecordStream} reads one
 * record per line that is not blank, each line UTF-8 text of one JSON value and nothing else, or throws a
 * {@link MalformedRecordException} naming the file and a line that is not blank. A last line without terminator
 * that is not a record, or a gzip stream that ends early, is reported as cut, never thrown. No other exception
 * (but an {@link IOException} naming the file for corrupt gzip data), no line skipped unless it is blank (empty,
 * spaces or tabs) or cut. {@link JsonlReader#read} reads the same records, or fails at the same line or the cut.
 */
class JsonlReaderFuzzTest {

    /** Jackson as strict as a record line must be: one value, nothing after it. */
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

    @TempDir
    static Path dir;

    @FuzzTest(maxDuration = "20s")
    void everyLineIsARecordOrTheErrorNamesIt(byte[] bytes) throws IOException {
        Path file = dir.resolve("run.jsonl");
        Files.write(file, bytes);
        Content content = Content.of(bytes);
        List<RequestRecord> records = new ArrayList<>();
        Optional<CutLine> cut;
        try (RecordStream stream = RecordStream.open(file)) {
            stream.forEach(records::add);
            cut = stream.cutLine();
        } catch (MalformedRecordException e) {
            assertThat(e.file()).isEqualTo(file);
            assertThat(e.getMessage()).startsWith(file + ":" + e.line() + ": ");
            if (!content.corrupt()) {
                assertThat(e.line()).isBetween(1, content.lines().size());
                assertThat(blank(content.line(e.line()))).as("the named line is blank").isFalse();
                assertThat(e.line() == content.lines().size() && !content.terminated())
                        .as("the named line is the last, without terminator: cut, not malformed").isFalse();
                assertThatThrownBy(() -> JsonlReader.read(file)).isInstanceOfSatisfying(
                        MalformedRecordException.class, again -> assertThat(again.line()).isEqualTo(e.line()));
            }
            return;
        } catch (IOException e) {
            assertThat(content.corrupt()).as("an error other than a malformed line: %s", e).isTrue();
            assertThat(e.getMessage()).startsWith(file + ": ");
            return;
        }
        assertThat(content.corrupt()).as("corrupt gzip data read without error").isFalse();
        List<String> lines = content.lines();
        boolean lastLineCut = cut.isPresent() && cut.get().bytes() > 0;
        if (cut.isPresent()) {
            CutLine c = cut.get();
            assertThat(c.file()).isEqualTo(file);
            if (lastLineCut) {
                assertThat(c.line()).as("the cut line is the last").isEqualTo(lines.size());
                assertThat(content.terminated()).as("the cut line has a terminator").isFalse();
                assertThat(c.bytes()).isEqualTo(lines.get(lines.size() - 1).length());
                assertThat(blank(lines.get(lines.size() - 1))).as("the cut line is blank").isFalse();
            } else {
                assertThat(content.endedEarly()).as("a cut after the last line, 0 bytes of it").isTrue();
                assertThat(c.line()).isEqualTo(lines.size() + 1);
            }
        } else {
            assertThat(content.endedEarly()).as("a gzip stream that ended early is reported").isFalse();
        }
        List<String> filled = lines.stream().limit(lastLineCut ? lines.size() - 1 : lines.size())
                .filter(line -> !blank(line)).toList();
        assertThat(records).as("records, one per line that is not blank or cut").hasSize(filled.size());
        for (String line : filled) {
            byte[] lineBytes = line.getBytes(StandardCharsets.ISO_8859_1);
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(lineBytes));
            STRICT.readTree(lineBytes);
        }
        if (cut.isPresent()) {
            assertThatThrownBy(() -> JsonlReader.read(file)).isInstanceOfSatisfying(MalformedRecordException.class,
                    e -> assertThat(e.line()).isEqualTo(cut.get().line()));
        } else {
            assertThat(JsonlReader.read(file)).isEqualTo(records);
        }
    }

    private static boolean blank(String line) {
        return line.chars().allMatch(c -> c == ' ' || c == '\t');
    }

    /**
     * What a file's lines hold: its bytes, or what its gzip stream decompresses to.
     *
     * @param bytes the plain bytes
     * @param endedEarly whether a gzip stream ended before its end
     * @param corrupt whether a gzip stream is not gzip data (then {@code bytes} may be less than a reader sees)
     */
    private record Content(byte[] bytes, boolean endedEarly, boolean corrupt) {
        static Content of(byte[] file) {
            if (file.length < 2 || file[0] != (byte) 0x1f || file[1] != (byte) 0x8b) {
                return new Content(file, false, false);
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(file), 64 * 1024)) {
                in.transferTo(out);
                return new Content(out.toByteArray(), false, false);
            } catch (EOFException e) {
                return new Content(out.toByteArray(), true, false);
            } catch (IOException e) {
                return new Content(out.toByteArray(), false, true);
            }
        }

        /** Lines as the reader counts them, each byte a char: split at LF, CR LF or CR. */
        List<String> lines() {
            return new String(bytes, StandardCharsets.ISO_8859_1).lines().toList();
        }

        /** Line {@code number}, counting from 1. */
        String line(int number) {
            return lines().get(number - 1);
        }

        /** Whether the last line has its terminator (or there is none). */
        boolean terminated() {
            return bytes.length == 0 || bytes[bytes.length - 1] == '\n' || bytes[bytes.length - 1] == '\r';
        }
    }
}
