package io.proxybench.harness.schedule;

import java.util.Locale;
import org.apache.commons.lang3.math.Fraction;

/**
 * A share of a run's global schedule, k6's execution segment: the part {@code [from, to)} of the unit interval, e.g.
 * {@code 1/4:1/2}. Shards whose segments tile {@code [0, 1)} and which share one {@link SegmentSequence} fire, between
 * them, every request of the schedule once.
 *
 * @param from where the share starts, in [0, 1)
 * @param to where it ends, in (from, 1]
 */
public record ExecutionSegment(Fraction from, Fraction to) {

    /** The whole schedule: one process, no sharding. */
    public static final ExecutionSegment WHOLE = new ExecutionSegment(Fraction.ZERO, Fraction.ONE);

    static final String FORMS = "use FROM:TO with fractions, decimals or percentages in [0, 1], FROM below TO,"
            + " e.g. 0:1/4, 1/4:1/2, 0.5:1 or 50%:100%";

    public ExecutionSegment {
        if (from.compareTo(Fraction.ZERO) < 0 || to.compareTo(Fraction.ONE) > 0 || from.compareTo(to) >= 0) {
            throw new IllegalArgumentException("segment " + from + ":" + to + " is not a part of [0, 1]; " + FORMS);
        }
        from = from.reduce();
        to = to.reduce();
    }

    /**
     * Reads {@code FROM:TO}; an empty {@code FROM} is 0 and an empty {@code TO} is 1, as in k6.
     *
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static ExecutionSegment parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 0 || colon != text.lastIndexOf(':')) {
            throw new IllegalArgumentException("segment '" + text + "' needs one ':'; " + FORMS);
        }
        String from = text.substring(0, colon);
        String to = text.substring(colon + 1);
        return new ExecutionSegment(from.isBlank() ? Fraction.ZERO : point(from, text),
                to.isBlank() ? Fraction.ONE : point(to, text));
    }

    /** One point of a segment or a sequence: {@code 1/4}, {@code 0.25} or {@code 25%}. */
    static Fraction point(String part, String whole) {
        String p = part.strip();
        try {
            if (p.endsWith("%")) {
                return Fraction.getFraction(p.substring(0, p.length() - 1).strip()).divideBy(Fraction.getFraction(100,
                        1)).reduce();
            }
            return Fraction.getFraction(p).reduce();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + part + "' in '" + whole + "' is not a fraction, decimal or"
                    + " percentage; " + FORMS);
        }
    }

    /** The share's size, {@code to - from}. */
    public Fraction length() {
        return to.subtract(from);
    }

    /** The share of the schedule this segment fires, {@code to - from} as a number from 0 to 1. */
    public double share() {
        return length().doubleValue();
    }

    /** {@code 1/4:1/2}, as parsed back by {@link #parse}. */
    @Override
    public String toString() {
        return text(from) + ":" + text(to);
    }

    static String text(Fraction f) {
        return f.getDenominator() == 1 ? Integer.toString(f.getNumerator())
                : String.format(Locale.ROOT, "%d/%d", f.getNumerator(), f.getDenominator());
    }
}
