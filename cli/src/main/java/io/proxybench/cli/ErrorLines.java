package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one line an error gets on stderr, after the command's name. A value that could not be read is told as the
 * option, then its converter's words, which quote the value (or leave it out where it holds a password), name the
 * problem and how to write it; an enumerated option's as the values it takes. No exception's class name reaches the
 * line.
 */
final class ErrorLines {

    private ErrorLines() {}

    /** For a bad command line: the value and its problem, or picocli's words and where the help is. */
    static String badArgument(CommandLine.ParameterException e) {
        String help = " (see '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help')";
        ArgSpec arg = e.getArgSpec();
        if (arg == null || e.getValue() == null || e.getCause() == null) {
            return FileReading.withoutClassNames(e.getMessage()) + help;
        }
        String name = arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
        Class<?> type = arg.auxiliaryTypes().length > 0 ? arg.auxiliaryTypes()[0] : arg.type();
        if (arg.converters().length == 0 && type.isEnum()) {
            return name + " " + shown(e.getValue()) + " is not one of: "
                    + String.join(", ", arg.completionCandidates());
        }
        if (e.getCause() instanceof CommandLine.TypeConversionException) {
            return name + " " + e.getCause().getMessage();
        }
        return name + " " + shown(e.getValue()) + " cannot be read as " + arg.paramLabel() + help;
    }

    /** For a command that failed: its message, or for a file it could not open, the file and why. */
    static String failure(Exception e) {
        Throwable t = e instanceof UncheckedIOException ? e.getCause() : e;
        if (t instanceof FileSystemException f) {
            return file(f);
        }
        String message = t.getMessage();
        if (message == null || message.isBlank()) {
            return "stopped by an internal error that has no message; please report it with the command line";
        }
        return FileReading.withoutClassNames(message);
    }

    private static String file(FileSystemException f) {
        if (f instanceof FileAlreadyExistsException) {
            return f.getFile() + " already exists; remove it or give another name";
        }
        return "cannot open " + f.getFile() + ": " + FileReading.why(f);
    }

    /**
     * {@code value} as an error shows it after its option: as typed, or in quotes when it is empty or holds white
     * space, so that its ends show.
     */
    static String shown(String value) {
        return value.isEmpty() || !value.strip().equals(value) || value.chars().anyMatch(Character::isWhitespace)
                ? "'" + value + "'" : value;
    }
}
