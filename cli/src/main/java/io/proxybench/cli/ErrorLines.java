package io.proxybench.cli;

import io.proxybench.analysis.read.FileReading;
import io.proxybench.harness.TypedValue;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The one line an error gets on stderr, after the command's name. A value that could not be read is told as the
 * option, then its converter's words, which quote the value (or leave it out where it holds a password), name the
 * problem and how to write it; an enumerated option's as the values it takes (a failed command's line is {@link
 * FileReading#failure}'s). No exception's class name reaches the line.
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

    /** {@code value} as an error shows it after its option, as {@link TypedValue#shown} shows it. */
    static String shown(String value) {
        return TypedValue.shown(value);
    }
}
