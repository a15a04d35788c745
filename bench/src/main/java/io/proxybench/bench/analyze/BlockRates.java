package io.proxybench.bench.analyze;

import io.proxybench.bench.record.Outcome;
import io.proxybench.bench.record.RequestRecord;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Block rates of a run per exit IP and per time window. Seed 002: a target that starts blocking exits
 * shows as a rising block rate while proxy failures stay flat, so both are kept apart.
 *
 * <p>Each record's {@code outcome} is used as written; a record without one (e.g. from the seed harness)
 * is classified from its status and error alone by {@link BlockClassifier} with no expectation and no
 * body rule.
 *
 * @param perIp outcomes per exit IP, in IP text order; records without {@code ip} are not in it
 * @param windowSeconds length of each time window, seconds
 * @param perWindow outcomes per window of {@code done}, keyed by the window's start in seconds after the run's
 *     start ({@code 0, windowSeconds, 2 * windowSeconds, ...}); windows without a request are absent
 */
public record BlockRates(SortedMap<String, BlockCount> perIp, long windowSeconds,
                         SortedMap<Long, BlockCount> perWindow) {
    private static final BlockClassifier STATUS_ONLY = new BlockClassifier(null, null);

    /**
     * The block rates of {@code records} in windows of {@code windowSeconds} (e.g. 3600 for the seed's
     * "block rate per hour").
     *
     * @throws IllegalArgumentException if {@code windowSeconds} is not positive, or a record has no outcome,
     *     status or error
     */
    public static BlockRates of(List<RequestRecord> records, long windowSeconds) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException(
                    "block-rate window must be at least 1 second, got " + windowSeconds);
        }
        SortedMap<String, BlockCount> perIp = new TreeMap<>();
        SortedMap<Long, BlockCount> perWindow = new TreeMap<>();
        for (RequestRecord r : records) {
            Outcome outcome = outcomeOf(r);
            if (r.ip() != null) {
                perIp.merge(r.ip(), BlockCount.NONE.plus(outcome), (a, b) -> a.plus(outcome));
            }
            long window = (long) Math.floor(r.done() / windowSeconds) * windowSeconds;
            perWindow.merge(window, BlockCount.NONE.plus(outcome), (a, b) -> a.plus(outcome));
        }
        return new BlockRates(Collections.unmodifiableSortedMap(perIp), windowSeconds,
                Collections.unmodifiableSortedMap(perWindow));
    }

    private static Outcome outcomeOf(RequestRecord r) {
        if (r.outcome() != null) {
            return r.outcome();
        }
        if (r.status() == null && r.error() == null) {
            throw new IllegalArgumentException("the record scheduled at " + r.sched()
                    + " s has no outcome, status or error; every record needs one (is the file truncated?)");
        }
        return STATUS_ONLY.classify(new BlockClassifier.Input(r.status(), r.error(), false, null, null));
    }
}
