package io.proxybench.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads JSONL result files, ours or the seed harness's. */
public final class JsonlReader {
    private JsonlReader() {
    }

    /**
     * Reads and merges {@code files} (e.g. shards written by several processes), in the order given.
     * Unknown fields are ignored; blank lines (empty, or spaces and tabs only) are skipped.
     *
     * @throws MalformedRecordException if a line is not UTF-8 text of one JSON object of a record; names file and
     *     line
     */
    public static List<RequestRecord> read(Path... files) throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (Path file : files) {
            // Latin-1 reads each byte as one char, so no byte can fail to decode before its line is numbered; lines
            // split at LF, CR LF or CR, bytes that never occur inside a UTF-8 sequence. Each line is then decoded
            // as UTF-8 on its own.
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
                CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder();
                int lineNumber = 0;
                for (String bytes; (bytes = in.readLine()) != null; ) {
                    lineNumber++;
                    if (!blank(bytes)) {
                        records.add(parse(file, lineNumber, utf8(file, lineNumber, bytes, utf8)));
                    }
                }
            }
        }
        return records;
    }

    /** Whether a line holds nothing but JSON's spaces and tabs (CR and LF end lines). */
    private static boolean blank(String line) {
        return line.chars().allMatch(c -> c == ' ' || c == '\t');
    }

    /** The text of a line read as Latin-1, whose chars are its bytes; the decoder reports malformed input. */
    private static String utf8(Path file, int lineNumber, String latin1, CharsetDecoder utf8)
            throws MalformedRecordException {
        try {
            return utf8.decode(ByteBuffer.wrap(latin1.getBytes(StandardCharsets.ISO_8859_1))).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedRecordException(file, lineNumber, "not UTF-8 text", e);
        }
    }

    private static RequestRecord parse(Path file, int lineNumber, String line) throws MalformedRecordException {
        try {
            RequestRecord record = Jsonl.MAPPER.readValue(line, RequestRecord.class);
            if (record == null) {
                throw new MalformedRecordException(file, lineNumber, "null is not a record", null);
            }
            return record;
        } catch (JsonProcessingException e) {
            throw new MalformedRecordException(file, lineNumber, e.getOriginalMessage(), e);
        }
    }
}
