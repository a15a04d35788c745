package io.proxybench.records;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A line of a JSONL result file that is not a record, or a record its reader cannot take (one without outcome,
 * status or error for a reader that classifies it); the message reads {@code file:line: reason}.
 */
public final class MalformedRecordException extends IOException {
    private final transient Path file;
    private final int line;

    MalformedRecordException(Path file, int line, String reason, Throwable cause) {
        super(file + ":" + line + ": " + reason, cause);
        this.file = file;
        this.line = line;
    }

    /** The file holding the bad line. */
    public Path file() {
        return file;
    }

    /** The bad line's number, counting from 1. */
    public int line() {
        return line;
    }
}
