package io.proxybench.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine;

/** Reads a file or folder option; the file itself is opened (and its absence reported) by the command. */
final class PathConverter implements CommandLine.ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            String shown = ErrorLines.shown(value.replace("\0", "\\0"));
            throw new CommandLine.TypeConversionException(shown + " is not a path the system can open ("
                    + e.getReason().toLowerCase(Locale.ROOT) + "): check how it was typed or quoted");
        }
    }
}
