package io.proxybench.experiments.ramp;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.report.Cells;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a ramp found: the first step past a threshold, what crossed it, and the last step before it.
 *
 * @param limitAt the concurrency of the first step past a threshold; null when none was
 * @param lastClean the concurrency of the step before it (every earlier step was within the thresholds); null when
 *     the first step was already past, or when no step was (then see {@code cleanUpTo})
 * @param cleanUpTo the highest concurrency run when no step was past a threshold, else null
 * @param cause what crossed: {@code gateway}, {@code target} or {@code other} failures (the side with the most, when
 *     the errors crossed) or {@code latency}; null when nothing did
 * @param share the failing side's share of the step's requests, 0 to 1; null for latency or nothing
 * @param label the failing side's most frequent label (e.g. {@code connect_429}); null for latency or nothing
 * @param text the verdict as one line
 */
public record RampVerdict(
        @JsonProperty("limit_at") Integer limitAt,
        @JsonProperty("last_clean") Integer lastClean,
        @JsonProperty("clean_up_to") Integer cleanUpTo,
        @JsonProperty("cause") String cause,
        @JsonProperty("share") Double share,
        @JsonProperty("label") String label,
        @JsonProperty("text") String text) {

    /**
     * The verdict on {@code steps}, in the order they ran (rising concurrency).
     *
     * @param thresholds the ones the steps were judged by, quoted when latency crossed
     */
    public static RampVerdict of(List<RampStep> steps, RampThresholds thresholds) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a ramp verdict needs at least one step");
        }
        int past = 0;
        while (past < steps.size() && !steps.get(past).past()) {
            past++;
        }
        if (past == steps.size()) {
            int top = steps.get(steps.size() - 1).concurrency();
            return new RampVerdict(null, null, top, null, null, null, "no limit up to concurrency " + top
                    + ": every step within the thresholds");
        }
        RampStep step = steps.get(past);
        Integer lastClean = past == 0 ? null : steps.get(past - 1).concurrency();
        String clean = "; last clean step: " + (lastClean == null ? "none (start lower with --from)" : lastClean);
        if (step.errorShare() <= thresholds.maxErrors()) {
            return new RampVerdict(step.concurrency(), lastClean, null, "latency", null, null, String.format(
                    Locale.ROOT, "latency limit at concurrency %d: p99 %s ms over --max-p99 %s ms%s",
                    step.concurrency(), Cells.millis(step.p99Ms()), Cells.millis(thresholds.maxP99Ms()), clean));
        }
        FailureSide side = List.of(FailureSide.values()).stream()
                .max(Comparator.comparingInt(step::failures)).orElseThrow();
        double share = (double) step.failures(side) / step.requests();
        String label = step.failures().get(side.jsonName()).entrySet().stream()
                .max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        String percent = Cells.percent(share, 1);
        String what = switch (side) {
            case GATEWAY -> String.format(Locale.ROOT, "limit shows at concurrency %d: %s of requests refused by the"
                    + " gateway (%s)", step.concurrency(), percent, label);
            case TARGET -> String.format(Locale.ROOT, "target blocks at concurrency %d: %s of requests blocked by the"
                    + " target (%s), not refused by the gateway: the target's limit, not the plan's",
                    step.concurrency(), percent, label);
            case OTHER -> String.format(Locale.ROOT, "failures at concurrency %d: %s of requests failed (%s), neither"
                    + " refused by the gateway nor blocked by the target", step.concurrency(), percent, label);
        };
        return new RampVerdict(step.concurrency(), lastClean, null, side.jsonName(), share, label, what + clean);
    }
}
