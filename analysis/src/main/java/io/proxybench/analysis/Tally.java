package io.proxybench.analysis;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One key and how often it occurred, e.g. a country and its successful requests.
 *
 * @param key what was counted (a country code, an exit IP, ...)
 * @param count how many times
 */
public record Tally(String key, long count) {

    /** The entries of {@code counts}, most common first; ties in key order, so output is stable. */
    public static List<Tally> mostCommonFirst(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(e -> new Tally(e.getKey(), e.getValue()))
                .sorted(Comparator.comparingLong(Tally::count).reversed().thenComparing(Tally::key))
                .toList();
    }
}
