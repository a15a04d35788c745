package io.proxybench.analysis.stats;

import io.proxybench.analysis.BlockCount;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.records.Outcome;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A run over time, read from its {@link RunStatistics}: the per-second series by whole seconds of {@code done}
 * after the run's start, the steady window and the block windows made of them, the span of the scheduled starts,
 * and how late requests went out (start lag). Reads the statistics as they are at each call.
 */
public final class TimelineView {

    private final RunStatistics s;
    private final PerSecond perSecond;

    TimelineView(RunStatistics statistics) {
        this.s = statistics;
        this.perSecond = statistics.perSecond;
    }

    /** The steady-state window (seed 002's rule); empty when the run has none. */
    public Optional<SteadyWindow> steady() {
        return SteadyWindow.of(steadySeconds());
    }

    /**
     * Successes in each second of the steady window, from second 1 on: seed 002's {@code steady.py} counts successes
     * per whole second of {@code done}, drops second 0 (ramp-up) and stops before the second in which the cumulative
     * count reaches 90% of all successes; empty array when there is no such second.
     */
    public long[] steadySeconds() {
        long successes = 0;
        for (int second = 0; second < perSecond.length(); second++) {
            successes += perSecond.ok(second);
        }
        if (successes == 0) {
            return new long[0];
        }
        int end = perSecond.length() - 1;
        long cumulative = 0;
        for (int second = 0; second < perSecond.length(); second++) {
            cumulative += perSecond.ok(second);
            if (perSecond.ok(second) > 0 && cumulative >= 0.9 * successes) {
                end = second;
                break;
            }
        }
        long[] window = new long[Math.max(0, end - 1)];
        for (int second = 1; second < end; second++) {
            window[second - 1] = perSecond.ok(second);
        }
        return window;
    }

    /** Seconds requests spent in flight within the steady window's seconds, summed; 0 without a window. */
    public double steadyInFlightSeconds() {
        double sum = 0;
        int end = 1 + steadySeconds().length;
        for (int second = 1; second < end; second++) {
            sum += perSecond.inFlightSeconds(second);
        }
        return sum;
    }

    /** Seconds the per-second series cover: one past the last second in which a record was done. */
    public int seconds() {
        return perSecond.length();
    }

    /** Successes done in {@code second}. */
    public long okInSecond(int second) {
        return perSecond.ok(second);
    }

    /** Records done in {@code second}. */
    public long doneInSecond(int second) {
        return perSecond.done(second);
    }

    /**
     * Block figures per window of {@code windowSeconds} by {@code done}, keyed by the window's start second; windows
     * without a record are absent.
     */
    public SortedMap<Long, BlockCount> blockWindows(long windowSeconds) {
        if (windowSeconds <= 0) {
            throw new IllegalArgumentException("block-rate window must be at least 1 second, got " + windowSeconds);
        }
        SortedMap<Long, BlockCount> windows = new TreeMap<>();
        for (int second = 0; second < perSecond.length(); second++) {
            if (perSecond.done(second) == 0) {
                continue;
            }
            long start = second / windowSeconds * windowSeconds;
            BlockCount count = new BlockCount(perSecond.done(second), perSecond.outcome(second, Outcome.PROXY_FAILURE),
                    perSecond.outcome(second, Outcome.HARD_BLOCK), perSecond.outcome(second, Outcome.SOFT_BLOCK));
            windows.merge(start, count, BlockCount::plus);
        }
        return windows;
    }

    /** Records done before the run's start or a week or more after it, in no per-second figure. */
    public long outsideSeconds() {
        return perSecond.outside();
    }

    /** The earliest scheduled start, seconds after the run's start; NaN without records. */
    public double firstSched() {
        return s.records == 0 ? Double.NaN : s.firstSched;
    }

    /** The latest scheduled start, seconds after the run's start; NaN without records. */
    public double lastSched() {
        return s.records == 0 ? Double.NaN : s.lastSched;
    }

    /** Requests scheduled per second: records minus one over the first-to-last scheduled span; null when it is 0. */
    public Double scheduledPerSecond() {
        return s.records < 2 || !(s.lastSched > s.firstSched) ? null
                : (s.records - 1) / (s.lastSched - s.firstSched);
    }

    /** The largest start lag (send time minus scheduled time), milliseconds. */
    public double maxStartLagMs() {
        return s.maxStartLag * 1000;
    }

    /**
     * p99 of start lag in milliseconds over the records scheduled from {@link RunStatistics#COLD_SECONDS} on
     * ({@code warm}), or over all records; NaN when there are none.
     */
    public double startLagP99Ms(boolean warm) {
        Histogram lags = Micros.histogram();
        lags.add(s.warmLagMicros);
        if (!warm) {
            lags.add(s.coldLagMicros);
        }
        return lags.getTotalCount() == 0 ? Double.NaN : lags.getValueAtPercentile(99) / 1e3;
    }
}
