package io.proxybench.cli;

import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads numeric options: whole numbers (decimal digits, an optional sign) in the range of their type, and finite
 * decimal numbers. Every error shows the value and says how to write one.
 */
final class NumberConverters {

    private NumberConverters() {}

    /*
     * Classes, not method references: with these converters registered as method references, Java 17.0.15's dynamic
     * class-data archive (the launcher's AppCDS training run) crashed the JVM at exit, in
     * SystemDictionaryShared::adjust_lambda_proxy_class_dictionary.
     */

    /** {@link #wholeInt} as picocli's converter. */
    static final class WholeInt implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return wholeInt(value);
        }
    }

    /** {@link #wholeLong} as picocli's converter. */
    static final class WholeLong implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return wholeLong(value);
        }
    }

    /** {@link #decimal} as picocli's converter. */
    static final class Decimal implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            return decimal(value);
        }
    }

    static Integer wholeInt(String value) {
        long n = whole(value);
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw outOfRange(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        return (int) n;
    }

    static Long wholeLong(String value) {
        return whole(value);
    }

    static Double decimal(String value) {
        String text = value.strip();
        if (!text.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
            throw bad(value, "is not a number: write digits, e.g. 100 or 2.5"
                    + (text.endsWith("%") ? " (a share as a fraction, 0.05 for 5%)" : ""));
        }
        double d = Double.parseDouble(text);
        if (!Double.isFinite(d)) {
            throw bad(value, "is too large: write a smaller number");
        }
        return d;
    }

    private static long whole(String value) {
        String text = value.strip();
        if (!text.matches("[+-]?\\d+")) {
            throw bad(value, "is not a whole number: write digits only, e.g. 4");
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw outOfRange(value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    private static TypeConversionException outOfRange(String value, long min, long max) {
        return bad(value, "is out of range: write a number from " + min + " to " + max);
    }

    private static TypeConversionException bad(String value, String problem) {
        return new TypeConversionException(ErrorLines.shown(value) + " " + problem);
    }
}
