package io.proxybench.bench.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedReader;
import java.io.IOException;
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
     * Unknown fields are ignored; blank lines are skipped.
     *
     * @throws MalformedRecordException if a line is not a JSON object of a record; names file and line
     */
    public static List<RequestRecord> read(Path... files) throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (Path file : files) {
            try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                int lineNumber = 0;
                for (String line; (line = in.readLine()) != null; ) {
                    lineNumber++;
                    if (!line.isBlank()) {
                        records.add(parse(file, lineNumber, line));
                    }
                }
            }
        }
        return records;
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
