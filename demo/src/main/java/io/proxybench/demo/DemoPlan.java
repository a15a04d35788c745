package io.proxybench.demo;

import io.proxybench.harness.Durations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What a demo is asked for. The steps' sizes are each experiment's {@code DEMO}; only the open-loop run's length is
 * chosen here.
 *
 * @param out the folder the report goes to (index.html, results.json and the runs' records); made if missing, never a
 *     file
 * @param runFor how long the open-loop run lasts: whole seconds from 3 s to 10 min (the run is three stages of whole
 *     seconds)
 */
public record DemoPlan(Path out, Duration runFor) {

    public DemoPlan {
        if (runFor.toNanos() % 1_000_000_000L != 0 || runFor.toSeconds() < 3 || runFor.toSeconds() > 600) {
            throw new IllegalArgumentException("--run-for " + Durations.format(runFor) + " must be whole seconds from"
                    + " 3s to 10m (the run is three stages of whole seconds)");
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + " is a file; give a directory for the report");
        }
    }
}
