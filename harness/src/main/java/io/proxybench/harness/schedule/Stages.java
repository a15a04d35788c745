package io.proxybench.harness.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** Constant-rate stages back to back: stage {@code k} starts at the sum of the durations before it. */
final class Stages implements ArrivalSchedule {

    private final List<Stage> stages;
    private final List<ConstantRate> parts;
    private final long count;
    private int current;

    Stages(List<Stage> stages) {
        if (stages == null || stages.isEmpty() || stages.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("stages must hold at least one stage and no nulls, was " + stages);
        }
        this.stages = List.copyOf(stages);
        this.parts = new ArrayList<>(stages.size());
        long startNanos = 0;
        long total = 0;
        for (Stage stage : this.stages) {
            ConstantRate part = new ConstantRate(stage, startNanos);
            parts.add(part);
            total += part.plannedCount();
            startNanos += stage.durationNanos();
        }
        this.count = total;
    }

    @Override
    public long nextFireTimeNanos() {
        while (current < parts.size()) {
            long t = parts.get(current).nextFireTimeNanos();
            if (t != NONE) {
                return t;
            }
            current++;
        }
        return NONE;
    }

    @Override
    public long plannedCount() {
        return count;
    }

    @Override
    public String describe() {
        return "stages " + stages.stream().map(Stage::describe).collect(Collectors.joining(", then "));
    }
}
