package io.proxybench.experiments.probe;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.probe.Prober.Answer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The concurrency at which the proxy starts refusing: levels 1, 2, 4... up to {@link ProbeSetup#rampTo()}, each a
 * fresh client that opens that many tunnels at once and keeps them open until the level is done. Opt-in and within
 * the budget: on a paid plan every request costs.
 */
final class RampCheck {

    /** Between levels: time for the proxy to see the last level's tunnels closed and free their slots. */
    private static final long PAUSE_MILLIS = 1000;

    private RampCheck() {}

    static ProbeLine run(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "concurrency_limit";
        String property = "concurrency at which refusals start";
        if (setup.rampTo() == 0) {
            return ProbeLine.notMeasured(id, property, "the ramp is opt-in (--ramp-to N, within --budget-requests)");
        }
        if (tunnels == null) {
            return ProbeLine.notMeasured(id, property, "no tunnel protocol answered");
        }
        List<Integer> levels = new ArrayList<>();
        for (int level = 1; level < setup.rampTo(); level *= 2) {
            levels.add(level);
        }
        levels.add(setup.rampTo());
        int clean = 0;
        for (int level : levels) {
            if (!prober.take(level)) {
                return ProbeLine.measured(id, property, "none up to " + clean + " (the request budget ran out)",
                        null, "tunnels opened at once at 1, 2, 4... up to " + clean, "a lower bound");
            }
            try (ProxyClient client = prober.client(tunnels, b -> { })) {
                List<ProxyRequest> wave = new ArrayList<>();
                for (int i = 0; i < level; i++) {
                    wave.add(ProxyRequest.get(setup.httpsTarget().toString()).withNewConnection());
                }
                Map<String, Integer> refusals = new LinkedHashMap<>();
                for (Answer a : prober.sendAll(client, wave)) {
                    if (!a.ok()) {
                        refusals.merge(a.outcome(), 1, Integer::sum);
                    }
                }
                if (!refusals.isEmpty()) {
                    int refused = refusals.values().stream().mapToInt(Integer::intValue).sum();
                    return ProbeLine.measured(id, property, "at " + level + " tunnels at once: " + refused + " of "
                            + level + " refused (" + refusals.keySet().iterator().next() + "); none at " + clean,
                            (double) level, "tunnels opened at once at " + levels.subList(0, levels.indexOf(level)
                            + 1) + ", each level on a fresh client a second after the last closed",
                            "bounded: the limit is between " + clean + " and " + level);
                }
            }
            clean = level;
            Prober.pause(PAUSE_MILLIS);
        }
        return ProbeLine.measured(id, property, "none up to " + clean + " tunnels at once", null,
                "tunnels opened at once at " + levels, "a lower bound (--ramp-to)");
    }
}
