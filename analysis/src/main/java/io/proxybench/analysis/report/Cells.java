package io.proxybench.analysis.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * The cells of the experiments' tables, formatted one way for all of them: {@link Locale#ROOT} digits, a fixed
 * number of decimals per column, and {@link #MISSING} where a figure is absent.
 */
public final class Cells {

    /** What a cell shows for a figure that was not measured or does not apply. */
    public static final String MISSING = "-";

    private Cells() {}

    /** {@code value} with {@code decimals} decimals, e.g. {@code 12.3}; {@link #MISSING} when null. */
    public static String number(Double value, int decimals) {
        return number(value, decimals, "");
    }

    /** {@code value} with {@code decimals} decimals and {@code unit} after it, e.g. {@code 12ms}; null as above. */
    public static String number(Double value, int decimals, String unit) {
        return value == null ? MISSING : String.format(Locale.ROOT, "%." + decimals + "f", value) + unit;
    }

    /** Milliseconds, whole, without a unit (the column's name carries it); {@link #MISSING} when null. */
    public static String millis(Double ms) {
        return number(ms, 0);
    }

    /** A share of 1 as a percentage with {@code decimals} decimals, e.g. 0.125 as {@code 12.5%}. */
    public static String percent(double share, int decimals) {
        return number(share * 100, decimals, "%");
    }

    /** A whole number with thousands separators, e.g. {@code 6,913}; a fraction is rounded. */
    public static String grouped(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** {@code 2} or {@code 0.5} or {@code 0.333}: whole numbers without a fraction, others to 3 significant digits. */
    public static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value)
                : new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** {@code value} as text, or {@code ifNull} when it is null (e.g. {@code unknown} for what is not visible). */
    public static String or(Object value, String ifNull) {
        return value == null ? ifNull : value.toString();
    }
}
