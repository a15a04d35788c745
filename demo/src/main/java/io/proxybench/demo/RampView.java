package io.proxybench.demo;

import io.proxybench.experiments.ramp.RampResult;
import io.proxybench.experiments.ramp.RampTable;
import java.util.List;

/** Seed 002's plan limit confirmed by a ramp on a lab gateway that has one; a table, no plot. */
final class RampView {

    private RampView() {}

    static StepResult of(RampResult result) {
        return StepResult.of("ramp", RampTable.text(result), result, "Plan limit by ramp (seed 002)",
                "Seed 002: read each plan's limits, such as a maximum concurrency, and confirm them with a ramp test."
                        + " The lab's gateway allows " + result.labLimit() + " tunnels per user; the ramp"
                        + " finds where its 429s start and tells them from the target's blocks. Rerun: ./proxybench"
                        + " ramp --lab-limit " + result.labLimit(), List.of());
    }
}
