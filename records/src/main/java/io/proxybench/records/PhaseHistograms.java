package io.proxybench.records;

import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;

/**
 * Per-phase latency of successful requests (status 200) as HdrHistogram interval histograms, values in
 * <b>microseconds</b>. Failures are not recorded here; the summary counts them by phase.
 *
 * <p>Any thread may {@link #record} at any time (one wait-free {@link Recorder} per phase); intervals are taken
 * by {@link #writeInterval}, one caller at a time. Each value recorded lands in exactly one interval.
 */
public final class PhaseHistograms {
    /** Decimal digits kept for every value: 3 keeps each value within 0.1%. */
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final double MICROS_PER_SECOND = 1e6;
    /** {@link Phase#values()} once: each call of it copies the array, and {@link #record} runs once per request. */
    private static final Phase[] PHASES = Phase.values();

    /** Told each interval histogram as it is written, e.g. to keep its percentiles for a chart. */
    @FunctionalInterface
    public interface IntervalListener {
        /**
         * One phase's interval, microseconds; the histogram is reused afterwards, so read it now.
         *
         * @param startMillis the interval's start, epoch milliseconds
         * @param endMillis its end, epoch milliseconds
         */
        void interval(Phase phase, Histogram micros, long startMillis, long endMillis);
    }

    private final Map<Phase, Recorder> recordersMicros = new EnumMap<>(Phase.class);
    private final Map<Phase, Histogram> recycledMicros = new EnumMap<>(Phase.class);

    public PhaseHistograms() {
        this(SIGNIFICANT_DIGITS);
    }

    /**
     * Histograms keeping {@code significantDigits} (1 to 5) decimal digits of every value. Each digit multiplies a
     * histogram's memory by about 10: a run's one set keeps 3 (about 1 MB for the nine phases, their recorders'
     * two halves and the interval recycled); a watch of many providers keeps 2 for each, within 1% (about 100 KB).
     */
    public PhaseHistograms(int significantDigits) {
        for (Phase phase : Phase.values()) {
            recordersMicros.put(phase, new Recorder(significantDigits));
        }
    }

    /** Adds each phase present in {@code record} if it is a success; ignores failures. Any thread. */
    public void record(RequestRecord record) {
        if (!record.ok()) {
            return;
        }
        for (Phase phase : PHASES) {
            Double seconds = phase.seconds(record);
            if (seconds != null) {
                recordersMicros.get(phase).recordValue(Math.round(seconds * MICROS_PER_SECOND));
            }
        }
    }

    /**
     * Writes one interval histogram per phase, in {@link Phase} order, tagged with the phase's JSON name (empty
     * ones included, so every tag has every interval), holding what was recorded since the previous call.
     *
     * @param startMillis the interval's start, epoch milliseconds
     * @param endMillis the interval's end, epoch milliseconds
     * @param listener told each phase's interval histogram after it is written
     */
    public synchronized void writeInterval(HistogramLogWriter log, long startMillis, long endMillis,
            IntervalListener listener) {
        for (Phase phase : Phase.values()) {
            Histogram intervalMicros = recordersMicros.get(phase).getIntervalHistogram(recycledMicros.get(phase));
            intervalMicros.setTag(phase.jsonName());
            intervalMicros.setStartTimeStamp(startMillis);
            intervalMicros.setEndTimeStamp(endMillis);
            log.outputIntervalHistogram(intervalMicros);
            listener.interval(phase, intervalMicros, startMillis, endMillis);
            recycledMicros.put(phase, intervalMicros);
        }
    }
}
