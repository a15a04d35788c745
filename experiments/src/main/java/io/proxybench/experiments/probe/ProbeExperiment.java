package io.proxybench.experiments.probe;

import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.analysis.diagnosis.SetupFailures;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.plan.RunPlan;
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

    /**
     * The card of {@code setup}'s proxy, whose credentials, if it takes any, were given in its URL ({@code --proxy}).
     * Sends at most {@link ProbeSetup#budget()} requests and watches a session for at most
     * {@link ProbeSetup#sessionWatch()}, so that a small budget and a short watch make a short probe.
     */
    public static ProbeCard run(ProbeSetup setup) {
        return run(setup, "--proxy");
    }

    /**
     * The card of {@code setup}'s proxy. When no protocol answered and the check through the scheme the proxy was
     * given with failed in setup, the probe stops there: the card has the protocol lines and the diagnosis, as
     * {@code run} gives it for the same failure.
     *
     * @param credentialsFrom where the proxy's account was given, for a diagnosis (e.g. {@code --proxy})
     */
    public static ProbeCard run(ProbeSetup setup, String credentialsFrom) {
        long start = System.nanoTime();
        Prober prober = new Prober(setup);
        ProtocolChecks.Checked protocols = ProtocolChecks.run(prober, setup);
        List<ProbeLine> lines = new ArrayList<>(protocols.lines());
        ProxySpec tunnels = tunnels(setup, lines);
        Diagnosis broken = tunnels == null && !answered(lines, "protocol_forward")
                ? diagnose(setup, protocols, credentialsFrom) : null;
        if (broken != null) {
            return new ProbeCard(setup.proxy().toString(), dialect(setup), lines, prober.sent(),
                    (System.nanoTime() - start) / 1e9, broken);
        }
        RotationChecks.Seen seen = RotationChecks.run(prober, setup, tunnels, lines);
        lines.add(WireChecks.ja4(prober, setup, tunnels));
        lines.add(WireChecks.bytes(prober, setup, tunnels));
        lines.add(ForwardReuseCheck.run(prober, setup, seen));
        SessionChecks.run(prober, setup, tunnels, seen, lines);
        lines.add(RampCheck.run(prober, setup, tunnels));
        return new ProbeCard(setup.proxy().toString(), dialect(setup), lines, prober.sent(),
                (System.nanoTime() - start) / 1e9, null);
    }

    private static String dialect(ProbeSetup setup) {
        return setup.sessions() == null ? null : setup.sessions().dialect().name();
    }

    /**
     * The diagnosis of the failure of the check through the proxy's own scheme, when it failed in setup; null
     * otherwise (it answered something, or failed some other way: the card says how).
     */
    private static Diagnosis diagnose(ProbeSetup setup, ProtocolChecks.Checked protocols, String credentialsFrom) {
        // The check through the proxy's own scheme, or (when that one was not run) the first that failed in setup.
        Prober.Answer own = protocols.failures().get(ProtocolChecks.checkOf(setup.proxy().scheme()));
        if (own == null) {
            own = protocols.failures().values().stream().filter(a -> SetupFailures.isSetup(a.label())).findFirst()
                    .orElse(null);
        }
        if (own == null || !SetupFailures.isSetup(own.label())) {
            return null;
        }
        String label = own.label();
        long same = protocols.failures().values().stream().filter(a -> label.equals(a.label())).count();
        return SetupFailures.diagnose(label, own.reason(), same, protocols.failures().size(),
                RunPlan.setupContext(setup.proxy(), credentialsFrom, setup.httpsTarget()));
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
