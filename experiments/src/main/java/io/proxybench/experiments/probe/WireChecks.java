package io.proxybench.experiments.probe;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.probe.Prober.Answer;
import java.util.Locale;

/**
 * What the proxy does to the client's bytes: whether the target sees the same TLS fingerprint (JA4) through it as
 * direct, and what a request costs in wire bytes on a new tunnel and on a reused one.
 */
final class WireChecks {

    private WireChecks() {}

    static ProbeLine ja4(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "ja4";
        String property = "TLS fingerprint (JA4) left alone";
        if (tunnels == null) {
            return ProbeLine.notMeasured(id, property, "no tunnel protocol answered");
        }
        if (!prober.take(2)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        Answer direct;
        try (ProxyClient client = prober.client(null, b -> { })) {
            direct = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
        }
        Answer proxied;
        try (ProxyClient client = prober.client(tunnels, b -> { })) {
            proxied = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
        }
        String a = direct.trace().value("ja4");
        String b = proxied.trace().value("ja4");
        if (!direct.ok()) {
            return ProbeLine.notMeasured(id, property, "the target cannot be reached directly: " + direct.outcome());
        }
        if (a == null || b == null) {
            return ProbeLine.notMeasured(id, property, "the target reports no ja4=");
        }
        return ProbeLine.measured(id, property, a.equals(b) ? "yes: " + a + " direct and through the proxy"
                : "no: " + a + " direct, " + b + " through the proxy (it terminates or rewrites TLS)",
                a.equals(b) ? 1.0 : 0.0, "one GET direct and one through a tunnel, as the target saw them",
                "one request each");
    }

    static ProbeLine bytes(Prober prober, ProbeSetup setup, ProxySpec tunnels) {
        String id = "bytes_per_request";
        String property = "wire bytes per request, new vs reused tunnel";
        if (tunnels == null) {
            return ProbeLine.notMeasured(id, property, "no tunnel protocol answered");
        }
        if (!prober.take(2)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        try (ProxyClient client = prober.client(tunnels, b -> { })) {
            Answer first = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
            Answer second = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
            if (!first.ok() || !second.ok() || !second.response().reused()) {
                return ProbeLine.notMeasured(id, property, !first.ok() || !second.ok() ? "a request failed"
                        : "the second request did not reuse the tunnel (the proxy closed it)");
            }
            long fresh = first.response().bytesOut() + first.response().bytesIn();
            long reused = second.response().bytesOut() + second.response().bytesIn();
            return ProbeLine.measured(id, property, String.format(Locale.ROOT, "new %.1f KB (%.1f KB of it"
                    + " handshakes), reused %.1f KB: %.1f times", fresh / 1000.0,
                    first.response().handshakeBytes() / 1000.0, reused / 1000.0, (double) fresh / reused),
                    (double) fresh / reused, "two GETs on one keep-alive tunnel, the client's wire counters",
                    "one request each");
        }
    }
}
