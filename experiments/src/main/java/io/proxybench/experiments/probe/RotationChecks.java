package io.proxybench.experiments.probe;

import io.proxybench.analysis.asn.AsnStats;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.probe.Prober.Answer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether the proxy gives a new exit per tunnel and per forwarded request, and how diverse the exits it gave are
 * (addresses, /24 networks, countries the target places them in, AS numbers from the table given).
 */
final class RotationChecks {

    /** Requests per rotation check: ten distinct exits out of ten is rotation, one out of ten is none. */
    static final int REQUESTS = 10;

    private RotationChecks() {}

    /** The exits the rotation checks saw, with their countries, for the diversity line and later checks. */
    record Seen(List<String> tunnelIps, List<String> forwardIps, Set<String> countries) {}

    static Seen run(Prober prober, ProbeSetup setup, ProxySpec tunnels, List<ProbeLine> lines) {
        List<String> tunnelIps = new ArrayList<>();
        List<String> forwardIps = new ArrayList<>();
        Set<String> countries = new LinkedHashSet<>();
        if (tunnels == null) {
            lines.add(ProbeLine.notMeasured("rotation_tunnel", "rotation per tunnel", "no tunnel protocol answered"));
        } else if (!prober.take(REQUESTS)) {
            lines.add(ProbeLine.notMeasured("rotation_tunnel", "rotation per tunnel", "the request budget is spent"));
        } else {
            try (ProxyClient client = prober.oneShotClient(tunnels, b -> { })) {
                for (int i = 0; i < REQUESTS; i++) {
                    collect(prober.send(client, ProxyRequest.get(setup.httpsTarget().toString())), tunnelIps,
                            countries);
                }
            }
            lines.add(rotation("rotation_tunnel", "rotation per tunnel", tunnelIps,
                    REQUESTS + " GETs, each through a new " + tunnels.scheme().text() + " tunnel"));
        }
        if (setup.httpTarget() == null) {
            lines.add(ProbeLine.notMeasured("rotation_forward", "rotation per forwarded request",
                    "no http:// target given"));
        } else if (!prober.take(REQUESTS)) {
            lines.add(ProbeLine.notMeasured("rotation_forward", "rotation per forwarded request",
                    "the request budget is spent"));
        } else {
            try (ProxyClient client = prober.client(ProtocolChecks.as(setup.proxy(), ProxyScheme.HTTP), b -> { })) {
                for (int i = 0; i < REQUESTS; i++) {
                    collect(prober.send(client, ProxyRequest.get(setup.httpTarget().toString())), forwardIps,
                            countries);
                }
            }
            lines.add(rotation("rotation_forward", "rotation per forwarded request", forwardIps,
                    REQUESTS + " forwarded GETs in turn on one keep-alive connection to the proxy"));
        }
        Seen seen = new Seen(tunnelIps, forwardIps, countries);
        lines.add(diversity(setup, seen));
        return seen;
    }

    private static void collect(Answer a, List<String> ips, Set<String> countries) {
        if (a.ok() && a.ip() != null) {
            ips.add(a.ip());
            String loc = a.trace().value("loc");
            if (loc != null && !loc.isEmpty()) {
                countries.add(loc);
            }
        }
    }

    private static ProbeLine rotation(String id, String property, List<String> ips, String how) {
        if (ips.isEmpty()) {
            return ProbeLine.notMeasured(id, property, "no request got a trace with ip=");
        }
        int distinct = new LinkedHashSet<>(ips).size();
        String value = distinct == 1 ? "no: one exit (" + ips.get(0) + ") for all " + ips.size()
                : distinct == ips.size() ? "yes: " + distinct + " exits in " + ips.size()
                : "partly: " + distinct + " exits in " + ips.size();
        return ProbeLine.measured(id, property, value, (double) distinct, how, "counted, " + ips.size()
                + " answers");
    }

    private static ProbeLine diversity(ProbeSetup setup, Seen seen) {
        Set<String> ips = new LinkedHashSet<>(seen.tunnelIps());
        ips.addAll(seen.forwardIps());
        if (ips.isEmpty()) {
            return ProbeLine.notMeasured("diversity", "exit diversity", "no exit was seen");
        }
        Set<String> nets = new LinkedHashSet<>();
        ips.forEach(ip -> nets.add(ip.contains(".") ? ip.substring(0, ip.lastIndexOf('.')) : ip));
        String asns = "ASNs not measured (give --ip2asn or --asn-db)";
        if (setup.asns() != null) {
            AsnStats stats = AsnStats.of(ips, setup.asns());
            asns = stats.uniqueAsns() + " ASNs" + (stats.unknownIps() > 0 ? " (" + stats.unknownIps()
                    + " IPs not in the table)" : "");
        }
        String countries = seen.countries().isEmpty() ? "countries not reported by the target"
                : seen.countries().size() + " countries (" + String.join(", ", seen.countries()) + ")";
        return ProbeLine.measured("diversity", "exit diversity", ips.size() + " exits in " + nets.size() + " /24s, "
                + asns + ", " + countries, (double) nets.size(), "the exits of the rotation checks",
                "counted; a small sample of the pool");
    }
}
