package io.proxybench.experiments.bytes;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.client.TlsSettings;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabTargets;
import io.proxybench.harness.plan.SessionSettings;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.net.TlsEngine;
import java.time.Duration;
import java.util.Arrays;
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

    /**
     * Checks the sizes as {@code proxybench bytes} gives them, naming its options.
     *
     * @throws IllegalArgumentException for fewer than 1 sample, request or request per tunnel
     */
    public static void check(int samples, long requests, List<Integer> perTunnel) {
        if (samples < 1) {
            throw new IllegalArgumentException("--samples must be at least 1, got " + samples);
        }
        if (requests < 1) {
            throw new IllegalArgumentException("--requests must be at least 1, got " + requests);
        }
        for (int n : perTunnel) {
            if (n < 1) {
                throw new IllegalArgumentException("--per-tunnel " + n + " is not a number of requests per tunnel:"
                        + " use 1 or more, e.g. 1,50");
            }
        }
    }

    /**
     * The rows to measure: each of {@code groups} (colon-separated group names, or {@code default} for the TLS
     * engine's list), or {@link BytesExperiment#defaultOffers()} when none is given.
     *
     * @throws IllegalArgumentException for named groups without the openssl engine, an empty or unknown name
     */
    public static List<List<String>> offers(List<String> groups) {
        if (groups == null || groups.isEmpty()) {
            return BytesExperiment.defaultOffers();
        }
        boolean openSsl = TlsEngine.current().provider() == SslProvider.OPENSSL;
        List<List<String>> offers = groups.stream()
                .map(g -> g.equals("default") ? List.<String>of() : Arrays.asList(g.split(":", -1)))
                .toList();
        if (!openSsl && offers.stream().anyMatch(o -> !o.isEmpty())) {
            throw new IllegalArgumentException("--group needs the openssl TLS engine; this JVM uses "
                    + TlsEngine.current().describe() + ", so only --group default works");
        }
        if (offers.stream().flatMap(List::stream).anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("--group " + groups + " has an empty group name; separate groups"
                    + " with ':' as in X25519MLKEM768:X25519");
        }
        List<String> unknown = TlsEngine.current().unknownGroups(offers.stream().flatMap(List::stream).distinct()
                .toList());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("--group " + unknown.get(0) + " is not a key-exchange group this TLS"
                    + " engine knows; e.g. " + String.join(", ", BytesExperiment.BOTH_GROUPS));
        }
        return offers;
    }

    /**
     * The same rows through {@code target}'s real gateway, in the rotating form {@code sessions} write, to its
     * origin; {@code path} unused.
     */
    public BytesResult through(ExperimentTarget target, SessionSettings sessions) throws Exception {
        return BytesExperiment.run(new BytesExperiment.Setup(sessions.rotating(target.openGateway()), target.origin(),
                target.tls(), offers, samples, perTunnel, requests, Duration.ofSeconds(60)));
    }

    /** Starts the lab, measures every offer on it, and stops it. */
    public BytesResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().build())) {
            return BytesExperiment.run(new BytesExperiment.Setup(LabTargets.gateway(lab), LabTargets.https(lab, path),
                    TlsSettings.caFile(lab.caFile()), offers, samples, perTunnel, requests, Duration.ofSeconds(30)));
        }
    }
}
