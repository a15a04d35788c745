package io.proxybench.experiments.fingerprint;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.Trace;
import io.proxybench.harness.engine.Records;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The client's TLS fingerprint as the target sees it, direct and through each proxy mode: one request per mode,
 * each on a client of its own, so every handshake is a first one (a resumed handshake offers another extension and
 * so has another JA4). The target must report the JA4 of the ClientHello it got as a {@code ja4=} line of its
 * response, as the lab's {@code /cdn-cgi/trace} does. A tunnelling proxy (CONNECT, SOCKS5) relays the client's own
 * handshake, so its JA4 must equal the direct one; a difference means the proxy terminated TLS itself.
 */
public final class FingerprintExperiment {

    /** How long one request may take, direct or through a proxy. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** What the lab's target reports for a ClientHello it could not read. */
    static final String UNKNOWN = "unknown";

    /**
     * One way to reach the target.
     *
     * @param name what the table calls it, e.g. {@code http CONNECT}
     * @param proxy the proxy, null for direct
     * @param h2Proxy whether to ask an {@code https://} proxy for HTTP/2 (tunnels as CONNECT streams)
     */
    public record Mode(String name, ProxySpec proxy, boolean h2Proxy) {
        public static Mode direct() {
            return new Mode("direct", null, false);
        }
    }

    /**
     * @param url the target that reports {@code ja4=}
     * @param tls the trust (and ALPN) the client offers
     * @param modes the ways to reach it; the first is the reference the others are compared with
     * @param timeout bound on each request, all phases
     */
    public record Setup(URI url, TlsSettings tls, List<Mode> modes, Duration timeout) {}

    private FingerprintExperiment() {}

    public static FingerprintResult run(Setup setup) throws InterruptedException {
        List<FingerprintRow> rows = new ArrayList<>();
        String reference = null;
        for (Mode mode : setup.modes()) {
            String ja4 = null;
            String error = null;
            try {
                ja4 = fingerprint(setup, mode);
            } catch (ExecutionException | TimeoutException | IllegalStateException e) {
                error = e instanceof IllegalStateException ? e.getMessage() : Records.errorLabel(e);
            }
            reference = rows.isEmpty() ? ja4 : reference;
            rows.add(new FingerprintRow(mode.name(), ja4, error, ja4 != null && ja4.equals(reference)));
        }
        return FingerprintResult.of(setup.url().toString(), rows);
    }

    /** The JA4 the target reports for one fresh client through {@code mode}. */
    private static String fingerprint(Setup setup, Mode mode)
            throws InterruptedException, ExecutionException, TimeoutException {
        ProxyClient.Builder builder = ProxyClient.builder().proxy(mode.proxy()).tls(setup.tls());
        if (mode.h2Proxy()) {
            builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        try (ProxyClient client = builder.build()) {
            ProxyResponse response = client.send(ProxyRequest.get(setup.url().toString()))
                    .get(setup.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (response.status() != 200) {
                throw new IllegalStateException("the target answered " + response.status());
            }
            String ja4 = Trace.of(response.body()).value("ja4");
            if (ja4 == null || ja4.equals("off")) {
                throw new IllegalStateException("the target reports no ja4= line; use one that does, such as the"
                        + " lab's /cdn-cgi/trace, over https");
            }
            if (ja4.equals(UNKNOWN)) {
                throw new IllegalStateException("the target could not read the ClientHello (ja4=unknown)");
            }
            return ja4;
        }
    }
}
