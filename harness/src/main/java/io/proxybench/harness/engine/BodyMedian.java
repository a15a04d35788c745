package io.proxybench.harness.engine;

import org.HdrHistogram.Histogram;

/**
 * The median body length of a run's data responses so far: the reference of the small-body rule, which a run applies
 * as it records (seed 002: a body far smaller than the median is a soft block). Decided once, when the record is
 * made, so that every reader of the records counts the same outcome. Lengths within 1%; thread-safe.
 */
final class BodyMedian {
    /** Data responses seen before the rule applies: a median of a handful says little. */
    static final int MIN_BODIES = 20;

    private final Histogram lengths = new Histogram(2);
    /** The median last computed (null before), and how many lengths recorded are at most it. */
    private Double median;
    private long atOrBelow;

    BodyMedian() {
        lengths.setAutoResize(true);
    }

    /**
     * The median so far, bytes; null before {@link #MIN_BODIES} data responses. Computed again only when it may have
     * moved: a run asks per record, and the histogram's percentile walks its buckets.
     */
    synchronized Double median() {
        if (lengths.getTotalCount() < MIN_BODIES) {
            return null;
        }
        if (median == null || !settled()) {
            long m = lengths.getValueAtPercentile(50);
            median = (double) m;
            atOrBelow = lengths.getCountBetweenValues(0, m);
        }
        return median;
    }

    /**
     * Whether the last median is still the median: half the lengths fall inside its bucket, at least two lengths from
     * either edge, so that no rounding of "half" in the percentile can move it to another bucket.
     */
    private boolean settled() {
        double half = lengths.getTotalCount() / 2.0;
        long below = atOrBelow - lengths.getCountAtValue(median.longValue());
        return below + 2 <= half && atOrBelow >= half + 2;
    }

    /** Adds the body length of a response classified as data. */
    synchronized void add(long bytes) {
        long length = Math.max(0, bytes);
        lengths.recordValue(length);
        // The median is its bucket's highest value: a length at most it is in its bucket or one below.
        if (median != null && length <= median.longValue()) {
            atOrBelow++;
        }
    }
}
