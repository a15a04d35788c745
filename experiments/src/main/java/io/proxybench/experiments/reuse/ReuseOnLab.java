package io.proxybench.experiments.reuse;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.load.InFlight;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;
import java.util.List;

/**
 * Seed 000's reuse table on a fresh embedded lab, with a client-to-gateway round trip injected so that the handshake
 * tax shows in wall time; the mixed-schemes row uses the gateway's own port as SOCKS5.
 *
 * @param sessions how a session id is written into the lab's account
 * @param requests requests per row
 * @param concurrency requests in flight; also the sticky rows' pool limit
 * @param latency the client-to-gateway round trip injected
 */
public record ReuseOnLab(SessionTemplate sessions, int requests, int concurrency, Duration latency) {

    /** The demo's sizes, {@code proxybench reuse}'s defaults: about 10 s on two cores. */
    public static final ReuseOnLab DEMO = new ReuseOnLab(SessionTemplate.of(Dialect.lab()), 200, 16,
            Duration.ofMillis(20));

    /** Checks the sizes as {@code proxybench reuse} gives them, naming its options. */
    public static void check(int requests, int concurrency) {
        if (requests < 1) {
            throw new IllegalArgumentException("--requests must be at least 1, got " + requests);
        }
        InFlight.check("--concurrency", concurrency);
    }

    /**
     * The rows on a fresh lab when {@code target} is the lab, else through its real gateway to its origin, with
     * {@code socks}, the same gateway as SOCKS5, for the mixed-schemes row.
     *
     * @param socks the real gateway's SOCKS5 endpoint, or null; refused on the lab, which serves its own
     */
    public List<ReuseRow> run(ExperimentTarget target, ProxySpec socks) throws Exception {
        if (target.lab()) {
            if (socks != null) {
                throw new IllegalArgumentException("--socks goes with --proxy; the lab serves SOCKS5 on its own port");
            }
            return run();
        }
        return ReuseExperiment.run(new ReuseExperiment.Setup(target.gateway(), ExperimentTarget.withAccount(socks),
                sessions, target.origin(), target.tls(), requests, concurrency, Duration.ofMinutes(10)));
    }

    /** Starts the lab, runs every row on it in the seed's order, and stops it. */
    public List<ReuseRow> run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().latency(new LatencyPlan(latency, Duration.ZERO, Duration.ZERO))
                .build())) {
            ProxySpec gateway = LabTargets.gateway(lab);
            return ReuseExperiment.run(new ReuseExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                    sessions, LabTargets.https(lab, LabTargets.TRACE), TlsSettings.caFile(lab.caFile()), requests,
                    concurrency, Duration.ofMinutes(5)));
        }
    }
}
