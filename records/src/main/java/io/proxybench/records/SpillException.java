package io.proxybench.records;

import java.io.IOException;

/**
 * {@link LineSort} could not write its sorted runs or read them back (a full disk, a directory that is not
 * writable): a fault of where it sorts, not of the records it reads. The message names the file, the directory and
 * the fix.
 */
public final class SpillException extends IOException {

    SpillException(String message, IOException cause) {
        super(message, cause);
    }
}
