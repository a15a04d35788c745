package io.proxybench.records;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads JSONL result files whole, ours or the seed harness's. */
public final class JsonlReader {
    private JsonlReader() {
    }

    /**
     * Reads and merges {@code files} (e.g. shards written by several processes), in the order given, into one list:
     * for tests and small inputs only, since the list holds every record. A run's files are read with
     * {@link RecordStream}, whose memory does not grow with the number of records. Lines are read as
     * {@link RecordStream} reads them, but strictly: a cut last line is an error here.
     *
     * @throws MalformedRecordException if a line is not UTF-8 text of one JSON object of a record, or a file's last
     *     line was cut; names file and line
     */
    public static List<RequestRecord> read(Path... files) throws IOException {
        List<RequestRecord> records = new ArrayList<>();
        for (Path file : files) {
            try (RecordStream stream = RecordStream.open(file)) {
                stream.forEach(records::add);
                Optional<CutLine> cut = stream.cutLine();
                if (cut.isPresent()) {
                    throw new MalformedRecordException(file, cut.get().line(), "the last line (" + cut.get().bytes()
                            + " bytes) was cut: the file ends inside it, as when the run writing it was killed;"
                            + " a streaming reader reads the records before it", null);
                }
            }
        }
        return records;
    }
}
