package io.proxybench.cli;

import io.proxybench.analysis.threshold.Thresholds;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --fail-if}: conditions on a run's figures that fail the command with exit code
 * {@value Thresholds#FAILED_EXIT_CODE}, for CI gates; the same in {@code run}, {@code analyze} and {@code compare}.
 */
final class ThresholdOptions {

    @Option(names = "--fail-if", paramLabel = "CONDITION",
            description = {"Fail (exit " + Thresholds.FAILED_EXIT_CODE + ") when CONDITION holds; repeat for more,"
                    + " e.g. --fail-if 'p99(total) > 800ms' --fail-if 'hard_block_rate > 2%%'.",
                "Figures: pNN(PHASE[,new|reused]) and max_start_lag (a time: 800ms, 1.5s); success_rate,"
                    + " failure_rate, hard_block_rate, soft_block_rate, block_rate, proxy_failure_rate, reuse_rate"
                    + " (2%% or 0.02); bytes_per_success (5000, 5KB, 1.2MB); handshakes_per_1k, steady_rps,"
                    + " unique_exits, unique_subnets, records, ok, retried (numbers).",
                "A figure the run leaves undefined (no success for a percentile) fails too."})
    List<String> conditions = new ArrayList<>();

    /**
     * The thresholds given.
     *
     * @throws IllegalArgumentException naming the first condition that is not one
     */
    Thresholds thresholds() {
        return Thresholds.parse(conditions);
    }
}
