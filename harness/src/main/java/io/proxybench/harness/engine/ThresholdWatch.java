package io.proxybench.harness.engine;

import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.harness.plan.RunPlan;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A plan's thresholds checked every second on the records so far, once {@link RunPlan#ABORT_MIN_RECORDS} are in;
 * the first that fails stops the run ({@link StopReason} naming it, exit code {@link Thresholds#FAILED_EXIT_CODE}).
 * Only with {@code abortOnFail}; without it the thresholds are checked at the run's end only.
 */
final class ThresholdWatch implements AutoCloseable {
    /** How often the thresholds are checked, milliseconds. */
    static final long PERIOD_MILLIS = 1_000;

    private final ScheduledExecutorService timer;

    private ThresholdWatch(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    /** Starts watching {@code live} when {@code plan} asks to abort on a failed threshold; else does nothing. */
    static ThresholdWatch start(RunPlan plan, LiveRun live) {
        if (!plan.abortOnFail() || plan.thresholds().isEmpty()) {
            return new ThresholdWatch(null);
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "proxybench-thresholds");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> {
            Optional<Verdict> failed = live.statistics(s -> s.records() < RunPlan.ABORT_MIN_RECORDS ? Optional.empty()
                    : plan.thresholds().check(s).stream().filter(Verdict::failed).findFirst());
            failed.ifPresent(v -> live.stop(new StopReason("threshold " + v.threshold() + " (" + v.figure() + " was "
                    + v.shown() + ")", Thresholds.FAILED_EXIT_CODE)));
        }, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
        return new ThresholdWatch(timer);
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
