package io.proxybench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The steady-state window of a run, as the seed's {@code steady.py} takes it: successes (status 200) are counted per
 * whole second of {@code done}; the window drops second 0 (ramp-up) and stops before the second in which the
 * cumulative count reaches 90% of all successes (the tail). Seconds without a success inside the window count as 0.
 *
 * @param firstSecond first second of the window (always 1), seconds after the run's start
 * @param lastSecond last second of the window, inclusive
 * @param median median successful requests per second over the window (mean of the middle two if even): the
 *     figure {@code steady_rps}
 * @param min fewest successful requests in one second of the window
 * @param max most successful requests in one second of the window
 */
public record SteadyWindow(@JsonProperty("first_second") long firstSecond,
        @JsonProperty("last_second") long lastSecond, @JsonProperty(FigureNames.STEADY_RPS) double median,
        @JsonProperty("min") long min, @JsonProperty("max") long max) {

    /**
     * The steady window of a run from its successes in each second of the window
     * ({@code TimelineView.steadySeconds()}): empty when there is none.
     */
    public static Optional<SteadyWindow> of(long[] window) {
        if (window.length == 0) {
            return Optional.empty();
        }
        long[] sorted = window.clone();
        Arrays.sort(sorted);
        return Optional.of(new SteadyWindow(1, window.length, median(sorted), sorted[0], sorted[sorted.length - 1]));
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
