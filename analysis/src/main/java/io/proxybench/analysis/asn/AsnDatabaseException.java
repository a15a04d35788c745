package io.proxybench.analysis.asn;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A MaxMind database file that cannot place IPs in ASes: not a MaxMind DB file at all, or not an ASN
 * database. The message is one line and reads {@code file: reason}.
 */
public final class AsnDatabaseException extends IOException {
    private final transient Path file;

    AsnDatabaseException(Path file, String reason) {
        super(file + ": " + reason);
        this.file = file;
    }

    /** The database file. */
    public Path file() {
        return file;
    }
}
