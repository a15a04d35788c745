package io.proxybench.harness;

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

    BodyMedian() {
        lengths.setAutoResize(true);
    }

    /** The median so far, bytes; null before {@link #MIN_BODIES} data responses. */
    synchronized Double median() {
        return lengths.getTotalCount() < MIN_BODIES ? null : (double) lengths.getValueAtPercentile(50);
    }

    /** Adds the body length of a response classified as data. */
    synchronized void add(long bytes) {
        lengths.recordValue(Math.max(0, bytes));
    }
}
