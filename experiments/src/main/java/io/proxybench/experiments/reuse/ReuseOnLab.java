package io.proxybench.experiments.reuse;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabTargets;
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
