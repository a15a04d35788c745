package io.proxybench.harness.engine;

import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.analysis.diagnosis.EarlyFailures;
import io.proxybench.harness.plan.RunPlan;

/**
 * Why a run ended before its schedule did.
 *
 * @param cause what asked for the stop, e.g. {@code SIGINT} or {@code threshold p99(total) > 800ms}
 * @param exitCode the exit code a command reports for it: 128 + the signal's number for a signal
 */
public record StopReason(String cause, int exitCode) {

    /** Ctrl-C. */
    public static final StopReason SIGINT = new StopReason("SIGINT", 130);

    /** What {@code timeout} and Kubernetes send. */
    public static final StopReason SIGTERM = new StopReason("SIGTERM", 143);

    /** The run's first requests all failed in setup for one reason ({@link EarlyFailures}): {@code diagnosis} says it. */
    public static StopReason setupFailed(Diagnosis diagnosis) {
        return new StopReason("the first " + diagnosis.first() + " requests all failed in setup (" + diagnosis.error()
                + ")", RunPlan.SETUP_FAILED_EXIT_CODE);
    }
}
