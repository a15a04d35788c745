package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.lab.interop.peers.Microsocks;
import io.proxybench.lab.interop.peers.Nginx;
import io.proxybench.lab.pki.LabCa;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Setups that real peers refuse, and what the client says about them: microsocks with a user name and password
 * rejecting a wrong password and a client without credentials, nginx presenting a certificate from a CA the client
 * does not trust. (Squid's 407 is in {@link ClientInteropTest}, beside its other squid tests.)
 */
@Tag("interop")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SetupFailureInteropTest {

    private static final String USER = "pbsocks";
    private static final String PASSWORD = "right-pw-7c1e";

    @TempDir
    static Path home;

    private static LabCa ca;
    private static Nginx nginx;
    private static Microsocks microsocks;

    @BeforeAll
    static void start() {
        ca = LabCa.loadOrCreate(home.resolve("lab-ca"));
        nginx = Nginx.start(ca);
        microsocks = Microsocks.startWithAuth(USER, PASSWORD);
    }

    @AfterAll
    static void stop() {
        try {
            if (microsocks != null) {
                microsocks.close();
            }
        } finally {
            if (nginx != null) {
                nginx.close();
            }
        }
    }

    @Test
    void microsocksRejectingAWrongPasswordIsSocksAuthFailed() throws Exception {
        String proxy = "socks5h://" + USER + ":wrong-pw-0b9d@127.0.0.1:" + microsocks.port();
        try (ProxyClient client = ProxyClient.builder().proxy(proxy).build()) {
            CallException e = failure(client, nginx.httpsTrace("localhost"));

            assertThat(e.label()).as("%s", e).isEqualTo("socks_AuthFailed");
            assertThat(e.reason()).isEqualTo("the proxy rejected the user name and password (RFC 1929)");
            assertThat(e.reused()).as("the connection it opened").isFalse();
            assertThat(e.getMessage()).doesNotContain("wrong-pw-0b9d");
            assertThat(client.counters().total().created()).isEqualTo(1);
        }
    }

    @Test
    void microsocksWantingAPasswordTheClientDidNotGiveIsSocksAuthRequired() throws Exception {
        try (ProxyClient client = ProxyClient.builder().proxy(microsocks.url()).build()) {
            CallException e = failure(client, nginx.httpsTrace("localhost"));

            assertThat(e.label()).as("%s", e).isEqualTo("socks_AuthRequired");
            assertThat(e.reason()).isEqualTo("the proxy requires a user name and password");
            assertThat(e.reused()).isFalse();
        }
    }

    @Test
    void microsocksWithTheRightPasswordLetsTheCallThrough() throws Exception {
        String proxy = "socks5h://" + USER + ":" + PASSWORD + "@127.0.0.1:" + microsocks.port();
        try (ProxyClient client = ProxyClient.builder().proxy(proxy).tls(TlsSettings.caFile(ca.certFile())).build()) {
            ProxyResponse response = client.send(ProxyRequest.get(nginx.httpsTrace("localhost")))
                    .get(15, TimeUnit.SECONDS);

            assertThat(response.status()).isEqualTo(200);
        }
    }

    @Test
    void nginxsCertificateFromACaTheClientDoesNotTrustIsTlsUntrustedCertificate() throws Exception {
        try (ProxyClient client = ProxyClient.builder().tls(TlsSettings.system()).build()) {
            CallException e = failure(client, nginx.httpsTrace("127.0.0.1"));

            assertThat(e.label()).as("%s", e).isEqualTo("tls_UntrustedCertificate");
            assertThat(e.reason())
                    .isEqualTo("the origin's certificate for 127.0.0.1 is not trusted (self-signed or unknown CA)");
            assertThat(e.reused()).isFalse();
        }
    }

    private static CallException failure(ProxyClient client, String url) throws Exception {
        try {
            ProxyResponse response = client.send(ProxyRequest.get(url)).get(15, TimeUnit.SECONDS);
            return fail("GET " + url + " should have failed, got " + response.status());
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
    }
}
