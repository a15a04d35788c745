package io.proxybench.experiments.probe;

import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code proxybench probe}: one report card of what a proxy does, measured in a few minutes within a request budget:
 * protocols and auth, rotation per tunnel and per forwarded request, exit diversity, a sticky session over time,
 * country targeting, forward-mode upstream reuse, the concurrency at which refusals start (opt-in), the TLS
 * fingerprint and the bytes per request. Each line says how it was measured and how sure that is.
 */
public final class ProbeExperiment {

    private ProbeExperiment() {}

    public static ProbeCard run(ProbeSetup setup) {
        long start = System.nanoTime();
        Prober prober = new Prober(setup);
        List<ProbeLine> lines = new ArrayList<>(ProtocolChecks.run(prober, setup));
        ProxySpec tunnels = tunnels(setup, lines);
        RotationChecks.Seen seen = RotationChecks.run(prober, setup, tunnels, lines);
        lines.add(WireChecks.ja4(prober, setup, tunnels));
        lines.add(WireChecks.bytes(prober, setup, tunnels));
        lines.add(ForwardReuseCheck.run(prober, setup, seen));
        SessionChecks.run(prober, setup, tunnels, seen, lines);
        lines.add(RampCheck.run(prober, setup, tunnels));
        return new ProbeCard(setup.proxy().toString(), setup.sessions() == null ? null
                : setup.sessions().dialect().name(), lines, prober.sent(), (System.nanoTime() - start) / 1e9);
    }

    /** The first protocol that carried a tunnel: CONNECT, then SOCKS5, then CONNECT over TLS; null for none. */
    private static ProxySpec tunnels(ProbeSetup setup, List<ProbeLine> lines) {
        if (answered(lines, "protocol_connect")) {
            return ProtocolChecks.as(setup.proxy(), ProxyScheme.HTTP);
        }
        if (answered(lines, "protocol_socks5h")) {
            return ProtocolChecks.as(setup.proxy(), ProxyScheme.SOCKS5H);
        }
        if (answered(lines, "protocol_https")) {
            return setup.httpsProxy() != null ? setup.httpsProxy() : ProtocolChecks.as(setup.proxy(),
                    ProxyScheme.HTTPS);
        }
        return null;
    }

    private static boolean answered(List<ProbeLine> lines, String id) {
        return lines.stream().anyMatch(l -> l.id().equals(id) && l.measured() && Double.valueOf(1.0).equals(
                l.figure()));
    }
}
