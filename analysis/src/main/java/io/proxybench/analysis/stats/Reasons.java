package io.proxybench.analysis.stats;

import io.proxybench.analysis.FailureReason;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reasons proxies gave for failed records, counted per error label and reason. Bounded: the first
 * {@link #MAX_REASONS} distinct pairs are counted; records with a later pair are counted apart, so that a proxy that
 * writes a request id into every refusal cannot grow the run's memory.
 */
final class Reasons {

    static final int MAX_REASONS = 100;

    private record Key(String error, String reason) {}

    private final Map<Key, long[]> counts = new HashMap<>();
    private long untracked;

    void add(String error, String reason, long n) {
        Key key = new Key(error, reason);
        long[] count = counts.get(key);
        if (count == null && counts.size() >= MAX_REASONS) {
            untracked += n;
            return;
        }
        counts.computeIfAbsent(key, k -> new long[1])[0] += n;
    }

    void add(Reasons other) {
        other.counts.forEach((key, n) -> add(key.error(), key.reason(), n[0]));
        untracked += other.untracked;
    }

    /** Records whose pair came after the first {@link #MAX_REASONS}. */
    long untracked() {
        return untracked;
    }

    /** The {@code n} most frequent pairs, most records first, then by label and reason. */
    List<FailureReason> mostFrequent(int n) {
        return counts.entrySet().stream()
                .map(e -> new FailureReason(e.getKey().error(), e.getKey().reason(), e.getValue()[0]))
                .sorted(Comparator.comparingLong(FailureReason::count).reversed()
                        .thenComparing(FailureReason::error).thenComparing(FailureReason::reason))
                .limit(n).toList();
    }
}
