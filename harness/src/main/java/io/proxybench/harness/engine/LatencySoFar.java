package io.proxybench.harness.engine;

import io.proxybench.records.RequestRecord;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Total latency (from the scheduled start) of the successful requests since the run's start, for the live view.
 * It has its own {@link Recorder}, apart from the per-phase interval log, so neither takes the other's intervals.
 * Any thread records; {@link #read()} folds the latest interval into the cumulative histogram.
 */
public final class LatencySoFar {
    /** Decimal digits kept for every value: 3 keeps each value within 0.1%. */
    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder totalMicrosRecorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram totalMicrosSoFar = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram recycledMicros;

    /**
     * Median and 99th percentile of the successes' total latency.
     *
     * @param count successes recorded
     * @param p50Millis median, milliseconds ({@code 0} while {@code count} is 0)
     * @param p99Millis 99th percentile, milliseconds ({@code 0} while {@code count} is 0)
     */
    public record Percentiles(long count, double p50Millis, double p99Millis) {}

    /** Adds the record's total latency if it is a success; ignores failures. Any thread. */
    public void record(RequestRecord record) {
        if (record.ok() && record.total() != null) {
            totalMicrosRecorder.recordValue(Math.round(record.total() * 1e6));
        }
    }

    /** The percentiles over everything recorded before this call. */
    public synchronized Percentiles read() {
        recycledMicros = totalMicrosRecorder.getIntervalHistogram(recycledMicros);
        totalMicrosSoFar.add(recycledMicros);
        return new Percentiles(totalMicrosSoFar.getTotalCount(), totalMicrosSoFar.getValueAtPercentile(50) / 1e3,
                totalMicrosSoFar.getValueAtPercentile(99) / 1e3);
    }
}
