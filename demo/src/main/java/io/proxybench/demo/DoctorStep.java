package io.proxybench.demo;

import io.proxybench.analysis.doctor.DoctorReport;
import io.proxybench.analysis.doctor.DoctorSettings;
import io.proxybench.analysis.doctor.DoctorTable;
import java.nio.file.Path;
import java.util.List;

/**
 * Seed 000's leaks looked for in the run step's records ({@link RunStep#RECORDS} in the plan's folder), as
 * {@code proxybench doctor} does for one client's file: no counters, the default threshold; a table, no plot.
 */
final class DoctorStep {

    private DoctorStep() {}

    static StepResult run(DemoPlan plan) {
        Path records = plan.out().resolve(RunStep.RECORDS);
        DoctorReport report = DoctorSettings.oneClient("demo run", records);
        return StepResult.of("doctor", DoctorTable.text(report), report, "Doctor: why so many handshakes?",
                "Seed 000's leaks (a session string per request, keep-alive shorter than the gap between requests, a"
                        + " pool limit that serialises, Connection: close, a pool per client, mixed schemes) looked"
                        + " for in the open-loop run's records above, whose sessions renew every 5 s. Rerun:"
                        + " ./proxybench doctor proxybench-report/run.jsonl", List.of());
    }
}
