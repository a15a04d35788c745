package io.proxybench.records;

import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * The part of a records file a reader takes: each record as {@code select} gives it, moved (onto another time base,
 * say) or left out. A reader of parts still reads and checks every line of the file as {@link RecordStream} does; it
 * counts or sorts only what {@code select} keeps.
 *
 * @param file plain or gzip'd JSONL
 * @param select a record as the reader is to see it, or null to leave it out; called from several threads at once and
 *     again on the same record (a sort reads its lines twice), so it depends on the record alone
 */
public record FilePart(Path file, UnaryOperator<RequestRecord> select) {

    /** All of {@code file}, every record as it is. */
    public static FilePart whole(Path file) {
        return new FilePart(file, UnaryOperator.identity());
    }
}
