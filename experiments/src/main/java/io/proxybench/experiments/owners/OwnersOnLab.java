package io.proxybench.experiments.owners;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ExperimentTarget;
import io.proxybench.experiments.LabServerSide;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.ServerSide;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.harness.Durations;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;
import java.util.List;

/**
 * Seed 001's lanes on a fresh embedded lab: its plain-HTTP target behind an exit-to-target round trip, the gateway's
 * forward idle cap as given, and the lab's own counts of the gateway's dials and the target's connections.
 *
 * @param sessions how a session id is written into the lab's account
 * @param levels the concurrencies, requests in flight at once
 * @param stream how each level sends its requests
 * @param rounds a level sends concurrency times this many requests
 * @param rtt the round trip injected between the gateway's exits and the target, zero or more
 * @param forwardIdleCap idle upstream connections the gateway keeps per exit and origin in forward mode, 0 or more
 */
public record OwnersOnLab(SessionTemplate sessions, List<Integer> levels, OwnersExperiment.Stream stream, int rounds,
        Duration rtt, int forwardIdleCap) {

    /**
     * The demo's sizes: {@code proxybench owners}'s defaults (the seed's levels, round trip and Go's idle cap of 2),
     * except 5 rounds per level instead of 25, so that the demo stays short.
     */
    public static final OwnersOnLab DEMO = new OwnersOnLab(SessionTemplate.of(Dialect.lab()), List.of(1, 2, 4, 16, 64),
            OwnersExperiment.Stream.BURSTS, 5, Duration.ofMillis(150), 2);

    public OwnersOnLab {
        levels = List.copyOf(levels);
        if (rtt.isNegative()) {
            throw new IllegalArgumentException("--rtt must be zero or positive, got " + Durations.format(rtt));
        }
        if (forwardIdleCap < 0) {
            throw new IllegalArgumentException("--forward-idle-cap must be zero or more, got " + forwardIdleCap);
        }
    }

    /**
     * Checks {@code socks}, the SOCKS5 lane's endpoint, against where the lanes run: none on the lab, which serves
     * SOCKS5 on its gateway port; a real gateway's own otherwise.
     *
     * @param lab whether the lanes run on the embedded lab
     * @param socks the real gateway's SOCKS5 endpoint as given, or null
     */
    public static void checkSocks(boolean lab, ProxySpec socks) {
        if (lab && socks != null) {
            throw new IllegalArgumentException("--socks goes with --proxy; the lab serves SOCKS5 on its gateway"
                    + " port");
        }
        if (!lab && socks == null) {
            throw new IllegalArgumentException("--proxy needs --socks, the same gateway's SOCKS5 endpoint (e.g."
                    + " socks5h://gw:1080), for the SOCKS5 lane");
        }
    }

    /**
     * The same levels through {@code target}'s real gateway, as an HTTP forward proxy and as {@code socks}, to its
     * origin; {@code rtt} and {@code forwardIdleCap} unused, the gateway's dials unseen.
     */
    public OwnersResult through(ExperimentTarget target, ProxySpec socks) throws Exception {
        return OwnersExperiment.run(new OwnersExperiment.Setup(target.gateway(), ExperimentTarget.withAccount(socks),
                sessions, target.origin(), target.tls(), levels, stream, rounds, ServerSide.UNSEEN, null, null,
                Duration.ofMinutes(10)));
    }

    /** Starts the lab, runs both lanes at every level on it, and stops it. */
    public OwnersResult run() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().forwardIdleCap(forwardIdleCap)
                .latency(new LatencyPlan(Duration.ZERO, Duration.ZERO, rtt)).build())) {
            ProxySpec gateway = LabTargets.gateway(lab);
            return OwnersExperiment.run(new OwnersExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                    sessions, LabTargets.http(lab, LabTargets.TRACE), TlsSettings.system(), levels, stream, rounds,
                    new LabServerSide(lab), forwardIdleCap, rtt, Duration.ofMinutes(5)));
        }
    }
}
