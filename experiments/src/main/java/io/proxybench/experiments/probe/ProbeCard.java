package io.proxybench.experiments.probe;

import io.proxybench.analysis.diagnosis.Diagnosis;
import java.util.List;
import java.util.Optional;

/**
 * What a probe found about one proxy: its lines in the order they were checked.
 *
 * @param proxy the proxy as shown (password masked)
 * @param dialect the session dialect the probe wrote, or null when none was given
 * @param lines one per property
 * @param requests requests the probe sent
 * @param seconds how long it took
 * @param diagnosis why the probe stopped after its protocol checks: none answered, and the one through the proxy's
 *     own scheme failed in setup (a wrong password, nothing listening, an untrusted certificate); null when it ran on
 */
public record ProbeCard(String proxy, String dialect, List<ProbeLine> lines, int requests, double seconds,
        Diagnosis diagnosis) {

    public ProbeCard {
        lines = List.copyOf(lines);
    }

    /** The line with this id, if the probe wrote one. */
    public Optional<ProbeLine> line(String id) {
        return lines.stream().filter(l -> l.id().equals(id)).findFirst();
    }
}
