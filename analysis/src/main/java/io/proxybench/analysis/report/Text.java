package io.proxybench.analysis.report;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How reports write counts for a person to read: thousands separated by commas, a noun in the singular for one and
 * the plural otherwise, a list of keyed counts as {@code connect_407 150, tcp_ConnectException 3} (never a Java map's
 * {@code {connect_407=150}}).
 */
public final class Text {

    private Text() {}

    /** {@code 1 connection}, {@code 1,024 connections}: the noun's plural is the noun and an {@code s}. */
    public static String count(long n, String noun) {
        return count(n, noun, noun + "s");
    }

    /** {@code 1 exit IP}, {@code 20 exit IPs}, with the plural given. */
    public static String count(long n, String singular, String plural) {
        return String.format(Locale.ROOT, "%,d %s", n, n == 1 ? singular : plural);
    }

    /** {@code key n, key n} in the map's order, counts with thousands separators; {@code none} when it is empty. */
    public static String counts(Map<String, Long> counts) {
        return counts.isEmpty() ? "none" : counts.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
    }

    /** A byte count rounded to a whole byte, with thousands separators: {@code 42,406}. */
    public static String bytes(double bytes) {
        return String.format(Locale.ROOT, "%,.0f", bytes);
    }
}
