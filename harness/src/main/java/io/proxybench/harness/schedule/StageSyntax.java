package io.proxybench.harness.schedule;

import io.proxybench.harness.Durations;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The text form of rates and durations, shared by the CLI parser and {@code describe()}. */
final class StageSyntax {

    static final String FORM = "RATE:DURATION[,RATE:DURATION...], e.g. 100/s:10s,500/s:20s"
            + " (rate 100/s or 100; duration in " + Durations.FORMS + ")";

    private static final Pattern RATE = Pattern.compile("(\\d{1,10}(?:\\.\\d{1,9})?)(?:/s)?");

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
        Duration duration;
        try {
            duration = Durations.parse(fields[1]);
        } catch (IllegalArgumentException e) {
            throw bad("duration '" + fields[1] + "'", spec);
        }
        try {
            return new Stage(Double.parseDouble(rate.group(1)), duration);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("stage '" + part + "' in '" + spec + "': " + e.getMessage()
                    + "; expected " + FORM, e);
        }
    }

    private static IllegalArgumentException bad(String what, String spec) {
        return new IllegalArgumentException("bad " + what + " in '" + spec + "'; expected " + FORM);
    }

    /** E.g. {@code 100/s}, {@code 2.5/s}. */
    static String formatRate(double ratePerSec) {
        return BigDecimal.valueOf(ratePerSec).stripTrailingZeros().toPlainString() + "/s";
    }
}
