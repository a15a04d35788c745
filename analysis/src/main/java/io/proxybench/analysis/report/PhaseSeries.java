package io.proxybench.analysis.report;

/**
 * One phase's latency percentiles per interval of a run, as the run's interval log took them: by when requests were
 * done, over the successes of each interval. An interval without a success for the phase holds NaN (a gap).
 *
 * @param phase the phase's name in the records, e.g. {@code tls}
 * @param seconds each interval's end, seconds after the run's start
 * @param p50Ms medians, milliseconds
 * @param p90Ms 90th percentiles, milliseconds
 * @param p99Ms 99th percentiles, milliseconds
 */
public record PhaseSeries(String phase, double[] seconds, double[] p50Ms, double[] p90Ms, double[] p99Ms) {}
