package io.proxybench.harness;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one text form of durations on proxybench's command lines and in its reports: a number and a unit, or
 * several, such as {@code 250ms}, {@code 1.5s}, {@code 2m}, {@code 1h}, {@code 7d} (days of 24 hours) or
 * {@code 1m30s}; and a bare {@code 0}, which is zero in every unit.
 */
public final class Durations {

    /** The accepted forms, for error messages. */
    public static final String FORMS = "forms like 250ms, 10s, 2m, 1h or 1m30s";

    private static final Pattern PART = Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ms|s|m|h|d)");

    private Durations() {}

    /** @throws IllegalArgumentException naming the text and the accepted forms */
    public static Duration parse(String text) {
        String t = text.trim();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = PART.matcher(t);
        BigDecimal nanos = BigDecimal.ZERO;
        int end = 0;
        while (m.find() && m.start() == end) {
            long unit = switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                default -> 86_400_000_000_000L;
            };
            nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)));
            end = m.end();
        }
        if (end == 0 || end != t.length() || nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("'" + text + "' is not a duration; use " + FORMS);
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /** The largest unit that states the duration exactly: {@code 1h}, {@code 2m}, {@code 10s}, {@code 500ms}, {@code 7ns}. */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0s";
        }
        long[] units = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L};
        String[] names = {"h", "m", "s", "ms"};
        for (int i = 0; i < units.length; i++) {
            if (nanos % units[i] == 0) {
                return nanos / units[i] + names[i];
            }
        }
        return nanos + "ns";
    }
}
