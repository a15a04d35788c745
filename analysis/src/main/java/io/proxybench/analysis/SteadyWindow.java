package io.proxybench.analysis;

import io.proxybench.records.RequestRecord;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The steady-state window of a run, computed exactly as the seed's {@code steady.py}: successes (status 200)
 * are counted per whole second of {@code done}; the window drops second 0 (ramp-up) and stops before the
 * second in which the cumulative count reaches 90% of all successes (the tail). Seconds without a success
 * inside the window count as 0.
 *
 * @param firstSecond first second of the window (always 1), seconds after the run's start
 * @param lastSecond last second of the window, inclusive
 * @param median median successful requests per second over the window (mean of the middle two if even)
 * @param min fewest successful requests in one second of the window
 * @param max most successful requests in one second of the window
 */
public record SteadyWindow(long firstSecond, long lastSecond, double median, long min, long max) {

    /**
     * The steady window of {@code records}, or empty when there is none: no successes, or the 90% mark
     * is reached in second 0 or 1 so no second is left between ramp-up and tail.
     */
    public static Optional<SteadyWindow> of(List<RequestRecord> records) {
        return perSecond(records).map(counts -> {
            long[] sorted = counts.clone();
            Arrays.sort(sorted);
            return new SteadyWindow(1, counts.length, median(sorted), sorted[0], sorted[sorted.length - 1]);
        });
    }

    /**
     * Successes in each second of the steady window of {@code records}, from second 1 on in time order; empty when
     * there is no window (as {@link #of}).
     */
    public static Optional<long[]> perSecond(List<RequestRecord> records) {
        TreeMap<Long, Long> perSecond = new TreeMap<>();
        long successes = 0;
        for (RequestRecord r : records) {
            if (r.ok()) {
                perSecond.merge((long) r.done(), 1L, Long::sum); // truncates toward zero, like int()
                successes++;
            }
        }
        if (successes == 0) {
            return Optional.empty();
        }
        long end = perSecond.lastKey();
        long cumulative = 0;
        for (Map.Entry<Long, Long> e : perSecond.entrySet()) {
            cumulative += e.getValue();
            if (cumulative >= 0.9 * successes) {
                end = e.getKey();
                break;
            }
        }
        if (end <= 1) {
            return Optional.empty();
        }
        long[] window = new long[(int) (end - 1)];
        for (long s = 1; s < end; s++) {
            window[(int) (s - 1)] = perSecond.getOrDefault(s, 0L);
        }
        return Optional.of(window);
    }

    /** The median of {@code sorted}, sorted and not empty: the mean of the middle two if its length is even. */
    public static double median(long[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }

    /** One report line, in the seed's words. */
    public String line() {
        return String.format(Locale.ROOT, "steady successful req/s, seconds %d-%d: median %s, min %d, max %d",
                firstSecond, lastSecond, median == Math.rint(median) ? String.valueOf((long) median)
                        : String.valueOf(median), min, max);
    }
}
