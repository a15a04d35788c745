package io.proxybench.cli;

import io.proxybench.analysis.asn.AsnDatabaseException;
import io.proxybench.analysis.asn.Ip2AsnFormatException;
import io.proxybench.records.MalformedRecordException;
import io.proxybench.records.SpillException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a command reads its input files: a failure becomes a one-line bad-argument error (exit 2) naming the file. A
 * sort that cannot spill to its temp directory is no fault of the files: a one-line failure (exit 1) naming the
 * directory.
 */
final class FileReading {

    /** Something read from files. */
    interface Reading<T> {
        T get() throws IOException;
    }

    private FileReading() {}

    /** The result of {@code reading} {@code file}. */
    static <T> T read(Path file, Reading<T> reading) {
        return read(List.of(file), reading);
    }

    /**
     * The result of {@code reading} {@code files}: a failure names the file it is about (a malformed line, a file
     * missing or not readable), else every file.
     */
    static <T> T read(List<Path> files, Reading<T> reading) {
        try {
            return reading.get();
        } catch (MalformedRecordException | Ip2AsnFormatException | AsnDatabaseException e) {
            throw new IllegalArgumentException(oneLine(e));
        } catch (SpillException e) {
            throw new IllegalStateException(oneLine(e), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + named(e, files) + ": " + ErrorLines.why(e));
        }
    }

    private static String oneLine(IOException e) {
        return e.getMessage().replaceAll("\\s*\\R\\s*", " ");
    }

    /** The file a failure is about: the one file read, or the one the failure names. */
    private static String named(IOException e, List<Path> files) {
        return files.size() == 1 || !(e instanceof FileSystemException f) || f.getFile() == null ? all(files)
                : f.getFile();
    }

    private static String all(List<Path> files) {
        return files.stream().map(Path::toString).collect(Collectors.joining(", "));
    }
}
