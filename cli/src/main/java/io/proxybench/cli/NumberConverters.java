package io.proxybench.cli;

import picocli.CommandLine.TypeConversionException;

/**
 * Reads numeric options: whole numbers (decimal digits, an optional sign) in the range of their type, and finite
 * decimal numbers. Every error shows the value and says how to write one.
 */
final class NumberConverters {

    private NumberConverters() {}

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
