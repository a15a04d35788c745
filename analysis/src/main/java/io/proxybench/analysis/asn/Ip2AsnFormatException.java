package io.proxybench.analysis.asn;

import java.io.IOException;
import java.nio.file.Path;

/** A line of an ip2asn TSV file that cannot be read; the message reads {@code file:line: reason}. */
public final class Ip2AsnFormatException extends IOException {
    private final transient Path file;
    private final int line;

    Ip2AsnFormatException(Path file, int line, String reason) {
        super(file + ":" + line + ": " + reason);
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
