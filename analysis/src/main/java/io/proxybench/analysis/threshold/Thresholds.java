package io.proxybench.analysis.threshold;

import io.proxybench.analysis.stats.RunStatistics;
import java.util.List;

/**
 * A run's thresholds ({@code --fail-if}), checked live to stop a run early and at its end.
 *
 * @param all the thresholds, in the order given
 */
public record Thresholds(List<Threshold> all) {

    /** The exit code of a command whose run failed a threshold, as k6's. */
    public static final int FAILED_EXIT_CODE = 99;

    /** None: every run passes. */
    public static final Thresholds NONE = new Thresholds(List.of());

    public Thresholds {
        all = List.copyOf(all);
    }

    /**
     * The thresholds of {@code texts}.
     *
     * @throws IllegalArgumentException naming the first one that is not a threshold
     */
    public static Thresholds parse(List<String> texts) {
        return new Thresholds(texts.stream().map(Threshold::parse).toList());
    }

    /** Each threshold held to {@code statistics}, in order. */
    public List<Verdict> check(RunStatistics statistics) {
        return all.stream().map(t -> t.check(statistics)).toList();
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }
}
