package io.proxybench.experiments.sessions;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;

/**
 * Seed 002's rotation-vs-sticky comparison on a fresh embedded lab whose exits take a setup time per new session,
 * with both round trips (client-gateway, gateway-target) injected: a rotating tunnel pays the setup every time, a
 * warmed sticky session once.
 *
 * @param sessions how a session id is written into the lab's account
 * @param concurrency workers, and sticky sessions
 * @param duration how long each mode runs, at least {@link SessionsExperiment#MIN_LENGTH}
 * @param burstRequests requests of each burst
 * @param burstTunnels concurrent tunnels of a burst, the pool limit
 * @param exitSetup the exit's setup per rotating tunnel, once per sticky session
 * @param rtt the client-gateway and gateway-target round trips
 */
public record SessionsOnLab(SessionTemplate sessions, int concurrency, Duration duration, int burstRequests,
        int burstTunnels, Duration exitSetup, Duration rtt) {

    /**
     * The demo's sizes: {@code proxybench sessions}'s defaults, except 4 s per mode instead of 10 s: long enough for
     * a steady window, about 15 s on two cores.
     */
    public static final SessionsOnLab DEMO = new SessionsOnLab(SessionTemplate.of(Dialect.lab()), 10,
            Duration.ofSeconds(4), 500, 100, Duration.ofMillis(200), Duration.ofMillis(30));

    /**
     * Checks the sizes as {@code proxybench sessions} gives them, naming its options: those of
     * {@link SessionsExperiment#checkSizes}, then a {@code duration} of at least {@link SessionsExperiment#MIN_LENGTH}.
     */
    public static void check(int concurrency, Duration duration, int burstRequests, int burstTunnels) {
        SessionsExperiment.checkSizes(concurrency, burstRequests, burstTunnels);
        if (duration.compareTo(SessionsExperiment.MIN_LENGTH) < 0) {
            throw new IllegalArgumentException("--duration " + duration.toMillis() + "ms leaves no steady window;"
                    + " use at least 3s");
        }
    }

    /** The same sizes through {@code target}'s real gateway to its origin; {@code exitSetup} and {@code rtt} unused. */
    public SessionsResult through(ExperimentTarget target) throws Exception {
        return SessionsExperiment.run(new SessionsExperiment.Setup(target.gateway(), sessions, target.origin(),
                target.tls(), concurrency, duration, burstRequests, burstTunnels, Duration.ofMinutes(10)));
    }

    /** Starts the lab, runs both modes and the bursts on it, and stops it. */
    public SessionsResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().latency(new LatencyPlan(rtt, exitSetup, rtt)).build())) {
            return SessionsExperiment.run(new SessionsExperiment.Setup(LabTargets.gateway(lab), sessions,
                    LabTargets.https(lab, LabTargets.TRACE), TlsSettings.caFile(lab.caFile()), concurrency, duration,
                    burstRequests, burstTunnels, Duration.ofMinutes(5)));
        }
    }
}
