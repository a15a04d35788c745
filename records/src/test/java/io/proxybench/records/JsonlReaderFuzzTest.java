package io.proxybench.records;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * A result file of arbitrary bytes: {@link JsonlReader#read} returns one record per line that is not blank, each
 * line holding one JSON value and nothing else, or throws a {@link MalformedRecordException} naming the file and a
 * line that is not blank. No other exception, no line skipped unless it is blank (empty, spaces or tabs).
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
        // Lines as the reader counts them: split at LF, CR LF or CR, which never occur inside a UTF-8 sequence.
        List<String> lines = new String(bytes, StandardCharsets.ISO_8859_1).lines().toList();
        List<RequestRecord> records;
        try {
            records = JsonlReader.read(file);
        } catch (MalformedRecordException e) {
            assertThat(e.file()).isEqualTo(file);
            assertThat(e.line()).isBetween(1, lines.size());
            assertThat(blank(lines.get(e.line() - 1))).as("the named line is blank").isFalse();
            assertThat(e.getMessage()).startsWith(file + ":" + e.line() + ": ");
            return;
        }
        List<String> filled = lines.stream().filter(line -> !blank(line)).toList();
        assertThat(records).as("records, one per line that is not blank").hasSize(filled.size());
        for (String line : filled) {
            STRICT.readTree(line.getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static boolean blank(String line) {
        return line.chars().allMatch(c -> c == ' ' || c == '\t');
    }
}
