package io.proxybench.cli;

import io.proxybench.harness.Durations;
import java.time.Duration;
import picocli.CommandLine;

/** Reads duration options in the one form {@link Durations} defines. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    @Override
    public Duration convert(String text) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
