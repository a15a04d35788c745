package io.proxybench.experiments.ramp;

import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.harness.plan.SessionSettings;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.time.Duration;
import java.util.List;

/**
 * A ramp through a fresh embedded lab's gateway to its HTTPS target, the gateway allowing {@code labLimit} tunnels
 * per user, so that the ramp has a plan limit to find.
 *
 * @param labLimit the gateway's maximum concurrency per user; 0 for no limit
 * @param levels the steps' concurrencies, from {@link RampExperiment#levels}
 * @param stepFor how long each step's workers send requests
 * @param thresholds when a step is past the plan's limit
 * @param timeouts each request's, per phase
 */
public record RampOnLab(int labLimit, List<Integer> levels, Duration stepFor, RampThresholds thresholds,
        Timeouts timeouts) {

    /**
     * The demo's ramp: a limit of 25 tunnels per user found by steps of 10 from 10 to 40 workers, 2 s each;
     * {@code proxybench ramp}'s default thresholds (1% errors, no latency threshold) and timeouts (10 s per phase,
     * 40 s a call).
     */
    public static final RampOnLab DEMO = new RampOnLab(25, RampExperiment.levels(10, 10, 40), Duration.ofSeconds(2),
            new RampThresholds(0.01, null), Timeouts.builder().connect(Duration.ofSeconds(10))
                    .responseHead(Duration.ofSeconds(10)).readIdle(Duration.ofSeconds(10))
                    .call(Duration.ofSeconds(40)).build());

    public RampOnLab {
        levels = List.copyOf(levels);
        if (labLimit < 0) {
            throw new IllegalArgumentException("--lab-limit " + labLimit + " must be 0 (no limit) or more tunnels");
        }
    }

    /**
     * Checks that a file of proxies ({@code --proxy-file}) comes alone, without the lab's limit, and with an origin.
     */
    public static void checkProxyFile(ExperimentTarget target) {
        if (target.proxy() != null) {
            throw new IllegalArgumentException("--proxy and --proxy-file exclude each other; give one");
        }
        checkRealProxy(target);
        if (target.url() == null) {
            throw new IllegalArgumentException("--proxy-file needs --url, the origin to request");
        }
    }

    /**
     * The same steps through real gateways to {@code target}'s origin, each in the rotating form {@code sessions}
     * write: {@code proxies} (worker w uses the (w mod n)-th), each with its account, or {@code target}'s gateway
     * when null; {@code labLimit} unused.
     */
    public RampResult through(ExperimentTarget target, List<ProxySpec> proxies, SessionSettings sessions)
            throws Exception {
        List<ProxySpec> gateways;
        if (proxies != null) {
            gateways = proxies.stream().map(ExperimentTarget::withAnyAccount).map(sessions::rotating).toList();
        } else {
            checkRealProxy(target);
            gateways = List.of(sessions.rotating(target.openGateway()));
        }
        return RampExperiment.run(new RampExperiment.Setup(gateways, target.origin(), target.tls(), timeouts, levels,
                stepFor, thresholds, null));
    }

    private static void checkRealProxy(ExperimentTarget target) {
        if (target.given().test("--lab-limit")) {
            throw new IllegalArgumentException("--lab-limit applies to the embedded lab only; leave it out with"
                    + " --proxy or --proxy-file");
        }
    }

    /** Starts the lab, ramps on it, and stops it. */
    public RampResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().maxConcurrencyPerUser(labLimit).build())) {
            return RampExperiment.run(new RampExperiment.Setup(List.of(LabTargets.gateway(lab)),
                    LabTargets.https(lab, LabTargets.TRACE), TlsSettings.caFile(lab.caFile()), timeouts, levels,
                    stepFor, thresholds, labLimit));
        }
    }
}
