package io.proxybench.analysis;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Block rates of a run per exit IP and per time window. Seed 002: a target that starts blocking exits
 * shows as a rising block rate while proxy failures stay flat, so both are kept apart.
 *
 * <p>Each record's outcome is the one {@link Outcomes} gives it without an expectation: as written unless data
 * or absent (e.g. from the seed harness), else classified from status, error, challenge and body length.
 *
 * @param perIp outcomes per exit IP, in IP text order; records without {@code ip} are not in it
 * @param windowSeconds length of each time window, seconds
 * @param perWindow outcomes per window of {@code done}, keyed by the window's start in seconds after the run's
 *     start ({@code 0, windowSeconds, 2 * windowSeconds, ...}); windows without a request are absent
 */
public record BlockRates(SortedMap<String, BlockCount> perIp, long windowSeconds,
                         SortedMap<Long, BlockCount> perWindow) {
    /**
     * The block rates of {@code records} in windows of {@code windowSeconds} (e.g. 3600 for the seed's
     * "block rate per hour").
     *
     * @throws IllegalArgumentException if {@code windowSeconds} is not positive, or a record has no outcome,
     *     status or error
     */
    public static BlockRates of(List<RequestRecord> records, long windowSeconds) {
        return of(Outcomes.of(records, null), windowSeconds);
    }

    /** As {@link #of(List, long)}, for records already classified (e.g. with an expectation). */
    public static BlockRates of(Outcomes classified, long windowSeconds) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException(
                    "block-rate window must be at least 1 second, got " + windowSeconds);
        }
        SortedMap<String, BlockCount> perIp = new TreeMap<>();
        SortedMap<Long, BlockCount> perWindow = new TreeMap<>();
        for (RequestRecord r : classified.records()) {
            Outcome outcome = r.outcome();
            if (r.ip() != null) {
                perIp.merge(r.ip(), BlockCount.NONE.plus(outcome), (a, b) -> a.plus(outcome));
            }
            long window = (long) Math.floor(r.done() / windowSeconds) * windowSeconds;
            perWindow.merge(window, BlockCount.NONE.plus(outcome), (a, b) -> a.plus(outcome));
        }
        return new BlockRates(Collections.unmodifiableSortedMap(perIp), windowSeconds,
                Collections.unmodifiableSortedMap(perWindow));
    }
}
