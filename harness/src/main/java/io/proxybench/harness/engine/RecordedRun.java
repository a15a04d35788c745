package io.proxybench.harness.engine;

import io.proxybench.harness.metrics.RunMetrics;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.sinks.HdrLogSink;
import io.proxybench.harness.sinks.JsonlSink;
import io.proxybench.harness.sinks.Progress;
import io.proxybench.harness.sinks.RecordSink;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A run as {@code proxybench run} makes it: its records into a JSONL file and its phases into an HdrHistogram
 * interval log, a progress line, Prometheus metrics, and Ctrl-C or SIGTERM stopping it without losing it (see
 * {@link StopOnSignals}). What goes where is the caller's to choose; this wires the sinks to the runner.
 */
public final class RecordedRun {

    private RecordedRun() {}

    /**
     * Where a run's records and figures go.
     *
     * @param records the records file (JSONL, gzip'd when it ends in {@code .gz}); null for no records and no log
     * @param intervalLog the interval log beside it; ignored without {@code records}
     * @param logComments lines written at the log's head, e.g. the shard this process ran
     * @param progress where the live progress line goes; null for none
     * @param metrics the run's Prometheus metrics, told when the run finished; null for none
     */
    public record Outputs(Path records, Path intervalLog, List<String> logComments, PrintWriter progress,
            RunMetrics metrics) {}

    /**
     * Runs {@code plan} into {@code outputs}, the runner's notes (warm-up, stop) and the signals' on {@code err}.
     *
     * @return what ran, also when a signal stopped it
     */
    public static RunResult run(RunPlan plan, Outputs outputs, PrintWriter err) throws Exception {
        List<RecordSink> sinks = new ArrayList<>();
        if (outputs.records() != null) {
            sinks.add(new JsonlSink(outputs.records()));
            sinks.add(new HdrLogSink(outputs.intervalLog(), outputs.logComments()));
        }
        if (outputs.progress() != null) {
            sinks.add(new Progress(outputs.progress()));
        }
        if (outputs.metrics() != null) {
            sinks.add(outputs.metrics());
        }
        Runner runner = new Runner(plan, sinks, line -> {
            err.println(line);
            err.flush();
        });
        RunResult result;
        try (StopOnSignals signals = StopOnSignals.install(runner, err)) {
            result = runner.run();
        }
        if (outputs.metrics() != null) {
            outputs.metrics().finish();
        }
        return result;
    }
}
