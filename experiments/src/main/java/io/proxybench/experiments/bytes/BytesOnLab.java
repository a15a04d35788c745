package io.proxybench.experiments.bytes;

import io.proxybench.client.TlsSettings;
import io.proxybench.experiments.LabTargets;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.time.Duration;
import java.util.List;

/**
 * Seed 002's bytes per request through a fresh embedded lab's gateway to its HTTPS target, with no latency injected:
 * bytes do not depend on it.
 *
 * @param path the target path requested, e.g. {@code /bytes/2000}
 * @param offers the key-exchange groups to offer, one row each; an empty list for the TLS engine's defaults
 * @param samples requests measured per kind of tunnel and offer
 * @param perTunnel the requests per tunnel to project for
 * @param requests the request count the projections are for
 */
public record BytesOnLab(String path, List<List<String>> offers, int samples, List<Integer> perTunnel,
        long requests) {

    /**
     * The demo's sizes: {@code proxybench bytes}'s defaults (the trace, {@link BytesExperiment#defaultOffers()},
     * projections at 1 and 50 requests per tunnel for a million requests), except 10 samples instead of 20: a few
     * seconds.
     */
    public static final BytesOnLab DEMO = new BytesOnLab(LabTargets.TRACE, BytesExperiment.defaultOffers(), 10,
            List.of(1, 50), 1_000_000);

    public BytesOnLab {
        offers = List.copyOf(offers);
        perTunnel = List.copyOf(perTunnel);
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("--path " + path + " must start with /, e.g. /bytes/2000");
        }
    }

    /** Starts the lab, measures every offer on it, and stops it. */
    public BytesResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            return BytesExperiment.run(new BytesExperiment.Setup(LabTargets.gateway(lab), LabTargets.https(lab, path),
                    TlsSettings.caFile(lab.caFile()), offers, samples, perTunnel, requests, Duration.ofSeconds(30)));
        }
    }
}
