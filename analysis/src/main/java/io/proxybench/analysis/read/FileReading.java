package io.proxybench.analysis.read;

import io.proxybench.analysis.asn.AsnDatabaseException;
import io.proxybench.analysis.asn.Ip2AsnFormatException;
import io.proxybench.records.MalformedRecordException;
import io.proxybench.records.SpillException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How the commands read their input files: a failure becomes a one-line {@link IllegalArgumentException} naming
 * the file (a command's bad-argument error, exit 2). A sort that cannot spill to its temp directory is no fault of the
 * files: a one-line {@link IllegalStateException} (a failure, exit 1) naming the directory.
 */
public final class FileReading {

    /** A dotted Java class name of an exception or error, as {@code Throwable.toString()} starts with. */
    private static final String CLASS_NAME =
            "\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\b:?\\s*";

    /** Something read from files. */
    public interface Reading<T> {
        T get() throws IOException;
    }

    private FileReading() {}

    /** The result of {@code reading} {@code file}. */
    public static <T> T read(Path file, Reading<T> reading) {
        return read(List.of(file), reading);
    }

    /**
     * The result of {@code reading} {@code files}: a failure names the file it is about (a malformed line, a file
     * missing or not readable), else every file.
     */
    public static <T> T read(List<Path> files, Reading<T> reading) {
        try {
            return reading.get();
        } catch (MalformedRecordException | Ip2AsnFormatException | AsnDatabaseException e) {
            throw new IllegalArgumentException(oneLine(e));
        } catch (SpillException e) {
            throw new IllegalStateException(oneLine(e), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + named(e, files) + ": " + why(e));
        }
    }

    /**
     * Why a file could not be read or written, in words: for a missing one, whether its folder is missing too; never
     * the exception's class, nor its message when that is only the file's name (as the JDK's often is).
     */
    public static String why(IOException e) {
        if (e instanceof NoSuchFileException f && f.getFile() != null) {
            Path parent = Path.of(f.getFile()).toAbsolutePath().getParent();
            return parent != null && !Files.isDirectory(parent) ? "its folder " + parent + " does not exist"
                    : "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f) {
            return f.getReason() != null ? f.getReason() : "the file system refused it";
        }
        return e.getMessage() == null ? "an input/output error" : withoutClassNames(e.getMessage());
    }

    /**
     * A failure as the one line a person reads: its message without class names, or for a file that could not be
     * opened, the file and why.
     */
    public static String failure(Exception e) {
        Throwable t = e instanceof UncheckedIOException ? e.getCause() : e;
        if (t instanceof FileSystemException f) {
            return file(f);
        }
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return "stopped by an internal error that has no message; please report it with the command line";
        }
        return withoutClassNames(message);
    }

    private static String file(FileSystemException f) {
        if (f instanceof FileAlreadyExistsException) {
            return f.getFile() + " already exists; remove it or give another name";
        }
        return "cannot open " + f.getFile() + ": " + why(f);
    }

    /** {@code message} without the dotted Java class names of exceptions it quotes ({@code Throwable.toString()}'s). */
    public static String withoutClassNames(String message) {
        return message.replaceAll(CLASS_NAME, "");
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
