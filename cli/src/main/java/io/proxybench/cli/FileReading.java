package io.proxybench.cli;

import io.proxybench.analysis.asn.AsnDatabaseException;
import io.proxybench.analysis.asn.Ip2AsnFormatException;
import io.proxybench.records.MalformedRecordException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** How a command reads an input file: a failure becomes a one-line bad-argument error (exit 2) naming the file. */
final class FileReading {

    /** Something read from a file. */
    interface Reading<T> {
        T get() throws IOException;
    }

    private FileReading() {}

    /** The result of {@code reading}. */
    static <T> T read(Path file, Reading<T> reading) {
        try {
            return reading.get();
        } catch (MalformedRecordException | Ip2AsnFormatException | AsnDatabaseException e) {
            throw new IllegalArgumentException(e.getMessage().replaceAll("\\s*\\R\\s*", " "));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot read " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("cannot read " + file + ": permission denied");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
