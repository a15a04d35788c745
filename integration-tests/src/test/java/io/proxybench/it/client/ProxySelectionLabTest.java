package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.ClientCounts;
import io.proxybench.client.proxy.ProxySelection;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proxies chosen from environment variables, as curl would, through the lab: {@code http://} URLs forwarded by the
 * gateway's HTTP proxy, {@code https://} URLs tunnelled by its SOCKS5 one, the {@code NO_PROXY} host direct; the
 * target's trace shows which exit each request left from.
 */
class ProxySelectionLabTest {

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

    private static String exitIp(ProxyClient client, String url) throws Exception {
        ProxyResponse r = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
        assertThat(r.status()).as(url).isEqualTo(200);
        return ProxyClientLabTest.trace("ip", r);
    }

    @Test
    void eachSchemeTakesItsVariablesProxyAndTheNoProxyHostGoesDirect() throws Exception {
        String http = "http://127.0.0.1:" + lab.gatewayPort();
        String socks = "socks5h://127.0.0.1:" + lab.gatewayPort();
        ProxySelection env = ProxySelection.fromEnvironment(Map.of("http_proxy", http, "HTTPS_PROXY", socks,
                "NO_PROXY", "127.0.0.1"));
        try (ProxyClient client = ProxyClient.builder().proxySelection(env).tls(TlsSettings.caFile(lab.caFile()))
                .build()) {
            String forwarded = exitIp(client, "http://localhost:" + lab.targetHttpPort() + "/cdn-cgi/trace");
            String tunnelled = exitIp(client, "https://localhost:" + lab.targetHttpsPort() + "/cdn-cgi/trace");
            String direct = exitIp(client, "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace");
            assertThat(lab.exits().at(InetAddress.getByName(forwarded))).as("http_proxy's exit").isPresent();
            assertThat(lab.exits().at(InetAddress.getByName(tunnelled))).as("HTTPS_PROXY's exit").isPresent();
            assertThat(forwarded).isNotEqualTo("127.0.0.1");
            assertThat(tunnelled).isNotEqualTo("127.0.0.1");
            assertThat(direct).as("the NO_PROXY host, direct from loopback").isEqualTo("127.0.0.1");
            ClientCounts counts = client.counters();
            assertThat(counts.perExit()).containsOnlyKeys(http, socks, "direct");
            assertThat(counts.perExit().values()).allSatisfy(c -> assertThat(c.requests()).isEqualTo(1));
        }
    }
}
