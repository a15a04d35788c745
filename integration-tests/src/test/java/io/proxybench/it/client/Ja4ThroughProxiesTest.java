package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab target's JA4 of a client's ClientHello is the same direct and through every tunnelling proxy mode: a
 * CONNECT or SOCKS5 proxy relays the client's own handshake, byte for byte.
 */
class Ja4ThroughProxiesTest {

    private static final String JA4 = "t1[23][di]\\d{4}[0-9a-z]{2}_[0-9a-f]{12}_[0-9a-f]{12}";

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** The ja4 line of the trace one request through {@code proxy} (null: direct) got, on a new client. */
    private static String proxybench(ProxySpec proxy, boolean h2Proxy) throws Exception {
        ProxyClient.Builder builder = ProxyClient.builder().proxy(proxy).tls(TlsSettings.caFile(lab.caFile()));
        if (h2Proxy) {
            builder.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        try (ProxyClient client = builder.build()) {
            return ProxyClientLabTest.trace("ja4", client.send(ProxyRequest.get("https://127.0.0.1:"
                    + lab.targetHttpsPort() + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void proxybenchsHelloIsTheSameDirectAndThroughEveryProxyMode() throws Exception {
        lab.resetTargetStats();
        Map<String, String> seen = new LinkedHashMap<>();
        seen.put("direct", proxybench(null, false));
        seen.put("http CONNECT", proxybench(ProxySpec.parse("http://127.0.0.1:" + lab.gatewayPort()), false));
        seen.put("socks5h", proxybench(ProxySpec.parse("socks5h://127.0.0.1:" + lab.gatewayPort()), false));
        seen.put("socks5", proxybench(ProxySpec.parse("socks5://127.0.0.1:" + lab.gatewayPort()), false));
        seen.put("https CONNECT", proxybench(ProxySpec.parse("https://127.0.0.1:" + lab.gatewayTlsPort()), false));
        seen.put("https CONNECT over h2", proxybench(ProxySpec.parse("https://127.0.0.1:" + lab.gatewayTlsPort()),
                true));

        String direct = seen.get("direct");
        assertThat(direct).matches(JA4).startsWith("t13i").contains("h2_");
        assertThat(seen).allSatisfy((mode, ja4) -> assertThat(ja4).as(mode).isEqualTo(direct));
        assertThat(lab.targetStats().ja4()).as("every connection to the target counted under its fingerprint")
                .containsEntry(direct, (long) seen.size());
    }

    /**
     * Another TLS stack (the JDK's) has a fingerprint of its own, also unchanged by the tunnel. Each handshake is a
     * first one (a new {@code SSLContext}): a resumed one adds {@code pre_shared_key}, another extension.
     */
    @Test
    void theJdksHelloIsItsOwnAndAlsoUnchangedByTheTunnel() throws Exception {
        String direct;
        try (LabClient.Tunnel t = new LabClient(lab).direct(lab.targetHttpsPort())) {
            direct = t.get("/cdn-cgi/trace").trace("ja4");
        }
        String connect;
        try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
            connect = t.get("/cdn-cgi/trace").trace("ja4");
        }
        String socks;
        try (LabClient.Tunnel t = new LabClient(lab).socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
            socks = t.get("/cdn-cgi/trace").trace("ja4");
        }
        String resumed;
        LabClient again = new LabClient(lab);
        try (LabClient.Tunnel t = again.direct(lab.targetHttpsPort())) {
            t.get("/cdn-cgi/trace");
        }
        try (LabClient.Tunnel t = again.direct(lab.targetHttpsPort())) {
            resumed = t.get("/cdn-cgi/trace").trace("ja4");
        }
        assertThat(resumed).as("a resumed handshake offers one extension more").isNotEqualTo(direct)
                .startsWith(direct.substring(0, 6));
        assertThat(direct).matches(JA4).startsWith("t13").as("ALPN http/1.1").contains("h1_");
        assertThat(connect).isEqualTo(direct);
        assertThat(socks).isEqualTo(direct);
        assertThat(direct).isNotEqualTo(proxybench(null, false));
    }

    @Test
    void thePlainListenerSaysOff() throws Exception {
        try (ProxyClient client = ProxyClient.builder().build()) {
            assertThat(ProxyClientLabTest.trace("ja4", client.send(ProxyRequest.get("http://127.0.0.1:"
                    + lab.targetHttpPort() + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS))).isEqualTo("off");
        }
    }
}
