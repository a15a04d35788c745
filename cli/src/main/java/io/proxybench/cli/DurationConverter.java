package io.proxybench.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;

/** Reads durations such as {@code 250ms}, {@code 10s}, {@code 2m}, {@code 1h} and {@code 1m30s}. */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)");

    @Override
    public Duration convert(String text) {
        Duration total = Duration.ZERO;
        Matcher m = PART.matcher(text.trim());
        int end = 0;
        while (m.find() && m.start() == end) {
            double n = Double.parseDouble(m.group(1));
            long nanosPerUnit = switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                default -> 3_600_000_000_000L;
            };
            total = total.plusNanos(Math.round(n * nanosPerUnit));
            end = m.end();
        }
        if (end == 0 || end != text.trim().length()) {
            throw new CommandLine.TypeConversionException("'" + text
                    + "' is not a duration; use forms like 250ms, 10s, 2m, 1h or 1m30s");
        }
        return total;
    }
}
