package io.proxybench.cli;

import io.proxybench.harness.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** Reads duration options in the one form {@link Durations} defines; an error names the value and that form. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(
                    ErrorLines.shown(text) + " is not a duration; use " + Durations.FORMS);
        }
    }
}
