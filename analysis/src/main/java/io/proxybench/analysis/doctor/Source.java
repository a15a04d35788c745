package io.proxybench.analysis.doctor;

import io.proxybench.records.FilePart;
import java.nio.file.Path;
import java.util.List;

/**
 * The records one client wrote (one {@code proxybench run --out} file, or a provider's window of a watch's history):
 * connection ids are that client's, and its connections serve only its own requests.
 *
 * @param name for reports, e.g. the file name
 * @param parts the records, in order: parts of plain or gzip'd JSONL files, on one time base; the doctor streams
 *     them, more than once
 */
public record Source(String name, List<FilePart> parts) {

    public Source {
        parts = List.copyOf(parts);
    }

    /** All of {@code file}'s records. */
    public Source(String name, Path file) {
        this(name, List.of(FilePart.whole(file)));
    }
}
