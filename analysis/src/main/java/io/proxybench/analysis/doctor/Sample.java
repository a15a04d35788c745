package io.proxybench.analysis.doctor;

import java.util.function.LongPredicate;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A sample of non-negative whole numbers (gaps in microseconds, requests per session) kept as an HdrHistogram of 3
 * significant digits: its memory does not grow with the count, and every value reads back within 0.05% of itself
 * (exactly below 2,048). Percentiles are read as {@link io.proxybench.analysis.Percentiles#of} reads them from a
 * list (numpy's default: linear between the two closest ranks), each rank's value being the middle of its bucket.
 */
final class Sample {
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double MICROS_PER_SECOND = 1e6;

    private final Histogram values = new Histogram(SIGNIFICANT_DIGITS);

    /** Adds {@code value}, at least 0. */
    void add(long value) {
        values.recordValue(Math.max(0, value));
    }

    /** Adds {@code seconds} as whole microseconds. */
    void addSeconds(double seconds) {
        add(Math.round(seconds * MICROS_PER_SECOND));
    }

    long count() {
        return values.getTotalCount();
    }

    boolean isEmpty() {
        return count() == 0;
    }

    /** The {@code p}th percentile (0 to 100); 0 for an empty sample. */
    double percentile(double p) {
        long n = count();
        if (n == 0) {
            return 0;
        }
        double rank = (n - 1) * p / 100;
        long below = (long) Math.floor(rank);
        long above = Math.min(below + 1, n - 1);
        double low = valueAt(below);
        return low + (valueAt(above) - low) * (rank - below);
    }

    /** {@link #percentile} of a sample of microseconds, in seconds. */
    double secondsAt(double p) {
        return percentile(p) / MICROS_PER_SECOND;
    }

    /** The least value of a sample of microseconds, in seconds; 0 for an empty sample. */
    double minSeconds() {
        return isEmpty() ? 0 : valueAt(0) / MICROS_PER_SECOND;
    }

    /** The values {@code keep} accepts (tested on each bucket's middle), as a new sample. */
    Sample where(LongPredicate keep) {
        Sample kept = new Sample();
        for (HistogramIterationValue v : values.recordedValues()) {
            long value = values.medianEquivalentValue(v.getValueIteratedTo());
            if (keep.test(value)) {
                kept.values.recordValueWithCount(value, v.getCountAtValueIteratedTo());
            }
        }
        return kept;
    }

    /** The value of rank {@code rank} (0 for the least), as its bucket's middle. */
    private long valueAt(long rank) {
        for (HistogramIterationValue v : values.recordedValues()) {
            if (v.getTotalCountToThisValue() > rank) {
                return values.medianEquivalentValue(v.getValueIteratedTo());
            }
        }
        throw new IllegalArgumentException("rank " + rank + " of a sample of " + count());
    }
}
