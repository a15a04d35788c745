package io.proxybench.experiments.probe;

import io.proxybench.analysis.report.Text;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxyScheme;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.probe.Prober.Answer;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which protocols the proxy answers on its port (and on its TLS port), and whether it asks for credentials: one
 * request each, through a client of its own.
 */
final class ProtocolChecks {

    private ProtocolChecks() {}

    /**
     * The protocol checks' lines, and the answer of each check whose request failed in the client (by the check's
     * id), for a diagnosis when none answered.
     */
    record Checked(List<ProbeLine> lines, Map<String, Answer> failures) {}

    static Checked run(Prober prober, ProbeSetup setup) {
        ProxySpec proxy = setup.proxy();
        List<ProbeLine> lines = new ArrayList<>();
        Map<String, Answer> answers = new LinkedHashMap<>();
        lines.add(answered(prober, setup, "protocol_connect", "HTTP CONNECT", as(proxy, ProxyScheme.HTTP),
                setup.httpsTarget(), false, answers));
        lines.add(setup.httpTarget() == null
                ? ProbeLine.notMeasured("protocol_forward", "HTTP forward (absolute URI)", "no http:// target given")
                : answered(prober, setup, "protocol_forward", "HTTP forward (absolute URI)",
                        as(proxy, ProxyScheme.HTTP), setup.httpTarget(), false, answers));
        URI named = byName(setup.httpsTarget());
        lines.add(named == null
                ? ProbeLine.notMeasured("protocol_socks5h", "SOCKS5, remote DNS", "the target is an IP address;"
                        + " remote DNS needs a host name")
                : answered(prober, setup, "protocol_socks5h", "SOCKS5, remote DNS", as(proxy, ProxyScheme.SOCKS5H),
                        named, false, answers));
        ProxySpec tls = setup.httpsProxy() != null ? setup.httpsProxy() : as(proxy, ProxyScheme.HTTPS);
        lines.add(answered(prober, setup, "protocol_https", "HTTPS proxy (TLS to the proxy)", tls,
                setup.httpsTarget(), false, answers));
        lines.add(answered(prober, setup, "protocol_h2", "HTTP/2 to the proxy", tls, setup.httpsTarget(), true,
                answers));
        lines.add(setup.proxy().credentials() == null ? authOf(answers.values()) : auth(prober, setup));
        Map<String, Answer> failures = new LinkedHashMap<>(answers);
        failures.values().removeIf(a -> a.label() == null);
        return new Checked(lines, failures);
    }

    /** The check of the protocol the proxy was given with: the one whose failure a diagnosis names. */
    static String checkOf(ProxyScheme scheme) {
        return switch (scheme) {
            case HTTP -> "protocol_connect";
            case HTTPS -> "protocol_https";
            case SOCKS5, SOCKS5H -> "protocol_socks5h";
        };
    }

    /** The same endpoint and account under another scheme. */
    static ProxySpec as(ProxySpec proxy, ProxyScheme scheme) {
        return new ProxySpec(scheme, proxy.host(), proxy.port(), proxy.credentials());
    }

    /** The target with {@code localhost} for a loopback address, null for any other IP literal. */
    static URI byName(URI target) {
        String host = target.getHost();
        if (host == null || !host.matches("[0-9.]+|\\[.*\\]|.*:.*")) {
            return target;
        }
        if (!host.equals("127.0.0.1") && !host.equals("[::1]")) {
            return null;
        }
        return URI.create(target.toString().replaceFirst(Pattern.quote(host), "localhost"));
    }

    private static ProbeLine answered(Prober prober, ProbeSetup setup, String id, String property, ProxySpec proxy,
            URI target, boolean h2, Map<String, Answer> answers) {
        if (!prober.take(1)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        try (ProxyClient client = prober.client(proxy, b -> {
            if (h2) {
                b.proxyProtocol(ProxyProtocol.H2_PREFERRED);
            }
        })) {
            Answer a = prober.send(client, ProxyRequest.get(target.toString()));
            String where = proxy.scheme().text() + "://" + proxy.endpoint();
            answers.put(id, a);
            if (!a.ok()) {
                return ProbeLine.measured(id, property, "no: " + a.outcome(), 0.0, "one GET " + target
                        + " through " + where, "one request");
            }
            if (h2) {
                long streams = client.gatewayStats().streamTunnels();
                return ProbeLine.measured(id, property, streams > 0 ? "yes: the tunnel was a stream of an HTTP/2"
                        + " connection" : "no: the proxy chose HTTP/1.1 by ALPN", streams > 0 ? 1.0 : 0.0,
                        "one CONNECT offering h2 by ALPN to " + where, "one request");
            }
            return ProbeLine.measured(id, property, "yes (HTTP " + a.status() + ", exit " + a.ip() + ")", 1.0,
                    "one GET " + target + " through " + where, "one request");
        }
    }

    /** Whether the proxy asks for credentials, by one request without them; for a proxy given with an account. */
    static ProbeLine auth(Prober prober, ProbeSetup setup) {
        String id = "auth";
        String property = "authentication";
        if (!prober.take(1)) {
            return ProbeLine.notMeasured(id, property, "the request budget is spent");
        }
        ProxySpec anonymous = as(setup.proxy(), ProxyScheme.HTTP).withCredentials(null);
        try (ProxyClient client = prober.client(anonymous, b -> { })) {
            Answer a = prober.send(client, ProxyRequest.get(setup.httpsTarget().toString()));
            boolean refused = refused(a);
            return ProbeLine.measured(id, property, refused ? "required: 407 without credentials"
                    : a.ok() ? "not required: answered without credentials" : "unclear: " + a.outcome(),
                    refused ? 1.0 : 0.0, "one CONNECT without Proxy-Authorization", "one request");
        }
    }

    /**
     * Whether the proxy asks for credentials, read from the protocol checks' {@code answers} when they went without:
     * required when they got a 407, not required when they answered, partly when both; no request of its own.
     */
    static ProbeLine authOf(Collection<Answer> answers) {
        String id = "auth";
        String property = "authentication";
        String how = "the protocol checks above, sent without Proxy-Authorization";
        long refused = answers.stream().filter(ProtocolChecks::refused).count();
        long answered = answers.stream().filter(Answer::ok).count();
        if (refused == 0 && answered == 0) {
            return ProbeLine.notMeasured(id, property, "no protocol check answered, with a 407 or otherwise");
        }
        String value = answered == 0 ? "required: 407 without credentials"
                : refused == 0 ? "not required: " + Text.count(answered, "check") + " answered without credentials"
                : "partly: " + Text.count(answered, "check") + " answered without credentials, " + refused
                        + " got a 407";
        Double figure = answered == 0 ? Double.valueOf(1.0) : refused == 0 ? Double.valueOf(0.0) : null;
        return ProbeLine.measured(id, property, value, figure, how, "counted");
    }

    private static boolean refused(Answer a) {
        return a.status() == 407 || (a.error() != null && a.error().contains("407"));
    }
}
