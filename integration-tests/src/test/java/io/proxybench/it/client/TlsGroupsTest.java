package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.netty.handler.ssl.SslProvider;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.net.TlsEngine;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key-exchange groups the client offers to the origin, and the one it reports as negotiated. BoringSSL on both
 * ends (the lab target and the client) supports the post-quantum hybrid X25519MLKEM768, whose key shares make a new
 * tunnel's handshake larger than a classical X25519 one.
 */
class TlsGroupsTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        assumeThat(TlsEngine.current().provider()).as("groups are set through OpenSSL").isEqualTo(SslProvider.OPENSSL);
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        if (lab != null) {
            lab.close();
        }
    }

    private ProxyResponse firstRequest(List<String> groups) throws Exception {
        try (ProxyClient client = ProxyClient.builder().proxy(ProxySpec.parse("http://127.0.0.1:" + lab.gatewayPort()))
                .tls(TlsSettings.caFile(lab.caFile()).withGroups(groups)).build()) {
            return client.send(ProxyRequest.get("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"))
                    .get(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theOfferedGroupIsNegotiatedAndReported() throws Exception {
        ProxyResponse classical = firstRequest(List.of("X25519"));
        ProxyResponse hybrid = firstRequest(List.of("X25519MLKEM768"));

        assertThat(classical.connection().tlsGroup()).isEqualTo("X25519");
        assertThat(hybrid.connection().tlsGroup()).isEqualTo("X25519MLKEM768");
        // An ML-KEM-768 encapsulation key (1,184 bytes) goes out and a ciphertext (1,088 bytes) comes back.
        assertThat(hybrid.handshakeBytes() - classical.handshakeBytes()).isGreaterThan(2_000);
    }

    @Test
    void theEnginesDefaultIsReportedToo() throws Exception {
        assertThat(firstRequest(List.of()).connection().tlsGroup()).isNotNull();
    }
}
