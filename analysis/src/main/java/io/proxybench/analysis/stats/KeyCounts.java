package io.proxybench.analysis.stats;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How many records had each key (a status, an error label, a country), in key order. Counting a key seen before
 * allocates nothing: the count is a mutable cell, not a boxed {@code Long} replaced per record.
 */
final class KeyCounts<K extends Comparable<K>> {

    private final SortedMap<K, long[]> counts = new TreeMap<>();

    void add(K key, long n) {
        counts.computeIfAbsent(key, k -> new long[1])[0] += n;
    }

    void add(KeyCounts<K> other) {
        other.counts.forEach((key, n) -> add(key, n[0]));
    }

    /** The counts as an unmodifiable map, a copy: later counting does not show in it. */
    SortedMap<K, Long> toMap() {
        SortedMap<K, Long> map = new TreeMap<>();
        counts.forEach((key, n) -> map.put(key, n[0]));
        return Collections.unmodifiableSortedMap(map);
    }
}
