package io.proxybench.experiments.keepalive;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.time.Duration;
import java.util.List;

/**
 * Seed 001's cold-share table, measured through SOCKS5 to a fresh embedded lab's plain-HTTP target, so that the
 * client owns the connection end to end.
 *
 * @param sessions how a session id is written into the lab's account
 * @param tableKeepAlives the formula table's keep-alives
 * @param tableGaps the formula table's mean gaps per instance
 * @param keepAlives the measured keep-alives, each against each of {@code gaps}
 * @param gaps the measured mean gaps of the Poisson arrivals
 * @param rowTime how long each measured row runs; rows run at once
 * @param sigmas the tolerance, in binomial standard errors
 * @param seed seeds the arrivals
 */
public record KeepAliveOnLab(SessionTemplate sessions, List<Duration> tableKeepAlives, List<Duration> tableGaps,
        List<Duration> keepAlives, List<Duration> gaps, Duration rowTime, double sigmas, long seed) {

    /**
     * The demo's sizes: {@code proxybench keepalive}'s defaults (the seed's table, T 50 ms against gaps of 25, 50 and
     * 150 ms), except 15 s per row instead of 30 s: 100 to 600 requests per row, under 20 s in all.
     */
    public static final KeepAliveOnLab DEMO = new KeepAliveOnLab(SessionTemplate.of(Dialect.lab()),
            List.of(Duration.ofSeconds(5), Duration.ofSeconds(60), Duration.ofSeconds(300)),
            List.of(Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(540)),
            List.of(Duration.ofMillis(50)), List.of(Duration.ofMillis(25), Duration.ofMillis(50),
                    Duration.ofMillis(150)), Duration.ofSeconds(15), 3, 1);

    public KeepAliveOnLab {
        tableKeepAlives = List.copyOf(tableKeepAlives);
        tableGaps = List.copyOf(tableGaps);
        keepAlives = List.copyOf(keepAlives);
        gaps = List.copyOf(gaps);
    }

    /** The same rows through {@code target}'s real gateway to its origin. */
    public KeepAliveResult through(ExperimentTarget target) throws Exception {
        return KeepAliveExperiment.run(new KeepAliveExperiment.Setup(target.gateway(), sessions, target.origin(),
                target.tls(), tableKeepAlives, tableGaps, keepAlives, gaps, rowTime, sigmas, seed,
                Duration.ofMinutes(1)));
    }

    /** Starts the lab, measures every row on it, and stops it. */
    public KeepAliveResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            ProxySpec socks = ReuseExperiment.socksTwin(LabTargets.gateway(lab));
            return KeepAliveExperiment.run(new KeepAliveExperiment.Setup(socks, sessions,
                    LabTargets.http(lab, LabTargets.TRACE), TlsSettings.system(), tableKeepAlives, tableGaps,
                    keepAlives, gaps, rowTime, sigmas, seed, Duration.ofMinutes(1)));
        }
    }
}
