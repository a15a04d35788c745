package io.proxybench.experiments.alternate;

import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.StopReason;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.records.Phase;
import java.util.List;
import java.util.Locale;

/**
 * A finished window's figures, from its run's result.
 *
 * @param records the run's records, one per scheduled request
 * @param ok the records with status 200
 * @param steadyPerSecond the steady window's median of successful requests per second; null when the run had none
 *     (no success, or too short a run)
 * @param p99Ms the 99th percentile of the successful requests' total latency, in milliseconds; null without a
 *     success
 * @param warnings the run's warnings: what makes its figures the client's rather than the provider's
 * @param stopped why the window's run was cut short (Ctrl-C, SIGTERM, a broken setup); null when it ran to its end
 * @param diagnosis what broke when the window's first requests all failed in setup for one reason; null otherwise
 */
public record WindowFigures(long records, long ok, Double steadyPerSecond, Double p99Ms, List<String> warnings,
        StopReason stopped, Diagnosis diagnosis) {

    /** The figures of a window's run. */
    static WindowFigures of(RunResult result) {
        RunSummary summary = result.summary();
        Percentiles total = result.statistics().latency().of(Phase.TOTAL);
        return new WindowFigures(summary.records(), summary.ok(),
                summary.steady() == null ? null : summary.steady().median(), total == null ? null : total.p99(),
                summary.warnings(), result.stop(), result.diagnosis());
    }

    /** Whether the window was stopped by the user (a signal), which ends the alternation; a broken setup does not. */
    boolean stoppedByUser() {
        return stopped != null && stopped.exitCode() != RunPlan.SETUP_FAILED_EXIT_CODE;
    }

    /** {@code 1200 records, 1180 ok, steady 20 req/s, p99 35.1 ms}; {@code -} for a figure the run lacks. */
    String text() {
        return String.format(Locale.ROOT, "%,d records, %,d ok, steady %s req/s, p99 %s ms", records, ok,
                steadyPerSecond == null ? "-" : number(steadyPerSecond), p99Ms == null ? "-" : number(p99Ms));
    }

    /** One decimal, none for a whole number. */
    static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
