package io.proxybench.bench.rate;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text form of rates and durations, shared by the CLI parser and {@code describe()}. */
final class StageSyntax {

    static final String FORM = "RATE:DURATION[,RATE:DURATION...], e.g. 100/s:10s,500/s:20s"
            + " (rate 100/s or 100; duration 500ms, 10s or 2m)";

    private static final Pattern RATE = Pattern.compile("(\\d{1,10}(?:\\.\\d{1,9})?)(?:/s)?");
    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m)");

    private StageSyntax() {
    }

    static List<Stage> parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("stages are empty; expected " + FORM);
        }
        List<Stage> stages = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            stages.add(parseStage(part.strip(), spec));
        }
        return List.copyOf(stages);
    }

    private static Stage parseStage(String part, String spec) {
        String[] fields = part.split(":", -1);
        if (fields.length != 2) {
            throw bad("stage '" + part + "'", spec);
        }
        Matcher rate = RATE.matcher(fields[0]);
        if (!rate.matches()) {
            throw bad("rate '" + fields[0] + "'", spec);
        }
        Matcher duration = DURATION.matcher(fields[1]);
        if (!duration.matches()) {
            throw bad("duration '" + fields[1] + "'", spec);
        }
        try {
            return new Stage(Double.parseDouble(rate.group(1)), toDuration(duration.group(1), duration.group(2)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("stage '" + part + "' in '" + spec + "': " + e.getMessage()
                    + "; expected " + FORM, e);
        }
    }

    private static Duration toDuration(String amount, String unit) {
        long n = Long.parseLong(amount);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> throw new IllegalStateException("unit not in the pattern: " + unit);
        };
    }

    private static IllegalArgumentException bad(String what, String spec) {
        return new IllegalArgumentException("bad " + what + " in '" + spec + "'; expected " + FORM);
    }

    /** E.g. {@code 100/s}, {@code 2.5/s}. */
    static String formatRate(double ratePerSec) {
        return BigDecimal.valueOf(ratePerSec).stripTrailingZeros().toPlainString() + "/s";
    }

    /** The largest unit that states the duration exactly: {@code 2m}, {@code 10s}, {@code 500ms}, {@code 7ns}. */
    static String formatDuration(Duration d) {
        long nanos = d.toNanos();
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return nanos + "ns";
    }
}
