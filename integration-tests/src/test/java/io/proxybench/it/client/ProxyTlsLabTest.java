package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.testing.ExternalPeer;
import io.proxybench.client.testing.NginxTls;
import io.proxybench.client.testing.TestPki;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Separate trust for an {@code https://} proxy and for origins: the lab's gateway presents a certificate of the lab's
 * CA, nginx behind it one of a CA made for the test. The client trusts each through its own settings (proxy TLS and
 * origin TLS); swapped, or with the proxy left on the origin's settings, the call fails in the phase whose trust is
 * wrong. Over HTTP/1.1 CONNECT and over HTTP/2 CONNECT streams, which open their proxy connections elsewhere. A
 * real nghttpx in front of the lab's gateway requires a client certificate: the one in {@code proxyTls} is presented
 * to it, the one in {@code tls} is not.
 */
class ProxyTlsLabTest {

    @TempDir
    static Path home;

    private static Lab lab;
    private static TestPki originPki;
    private static TestPki.Leaf origin;
    private static NginxTls nginx;
    private static int originPort;
    private static TestPki proxyPki;
    private static ExternalPeer nghttpx;
    private static int nghttpxPort;
    private static Path clientStore;

    @BeforeAll
    static void start() throws Exception {
        originPki = TestPki.create(home, "origin");
        origin = originPki.server("localhost", "DNS:localhost", "IP:127.0.0.1");
        originPort = ExternalPeer.freePort();
        nginx = NginxTls.start(ExternalPeer.newFolder("nginx-origin"),
                List.of(new NginxTls.Site(originPort, origin.chain(), origin.key(), null)));
        lab = Lab.start(LabConfig.builder().home(home.resolve("lab")).build());
        proxyPki = TestPki.create(home, "proxy");
        clientStore = proxyPki.pkcs12(proxyPki.client("proxybench-client"), "pw");
        nghttpx = startNghttpx(proxyPki.server("nghttpx", "DNS:localhost", "IP:127.0.0.1"), proxyPki.caFile());
    }

    /** nghttpx in HTTP/2 proxy mode requiring a client certificate of {@code clientCa}, before the lab's gateway. */
    private static ExternalPeer startNghttpx(TestPki.Leaf certificate, Path clientCa) throws Exception {
        Path binary = ExternalPeer.require("nghttpx", "nghttp2-proxy");
        Path folder = ExternalPeer.newFolder("nghttpx-mtls");
        nghttpxPort = ExternalPeer.freePort();
        Path config = folder.resolve("nghttpx.conf");
        Files.writeString(config, """
                frontend=127.0.0.1,%d
                backend=127.0.0.1,%d
                http2-proxy=yes
                private-key-file=%s
                certificate-file=%s
                verify-client=yes
                verify-client-cacert=%s
                workers=1
                single-process=yes
                errorlog-file=%s
                no-ocsp=yes
                """.formatted(nghttpxPort, lab.gatewayPort(), certificate.key(), certificate.chain(), clientCa,
                folder.resolve("error.log")));
        return ExternalPeer.start("nghttpx", folder, List.of(binary.toString(), "--conf=" + config), nghttpxPort);
    }

    @AfterAll
    static void stop() {
        if (nghttpx != null) {
            nghttpx.close();
        }
        if (lab != null) {
            lab.close();
        }
        if (nginx != null) {
            nginx.close();
        }
    }

    private static ProxyResponse get(ProxyProtocol protocol, TlsSettings tls, TlsSettings proxyTls) throws Exception {
        try (ProxyClient client = ProxyClient.builder().proxy("https://127.0.0.1:" + lab.gatewayTlsPort())
                .proxyProtocol(protocol).tls(tls).proxyTls(proxyTls).build()) {
            return client.execute(ProxyRequest.get("https://localhost:" + originPort + "/"));
        }
    }

    private static CallException failure(ProxyProtocol protocol, TlsSettings tls, TlsSettings proxyTls) {
        return catchThrowableOfType(() -> get(protocol, tls, proxyTls), CallException.class);
    }

    @ParameterizedTest
    @EnumSource(ProxyProtocol.class)
    void theProxyIsTrustedThroughProxyTlsAndTheOriginThroughTls(ProxyProtocol protocol) throws Exception {
        TlsSettings originTrust = TlsSettings.caFile(originPki.caFile());
        TlsSettings labTrust = TlsSettings.caFile(lab.caFile());

        ProxyResponse response = get(protocol, originTrust, labTrust);
        CallException swapped = failure(protocol, labTrust, originTrust);
        CallException proxyOnOriginTrust = failure(protocol, originTrust, null);
        CallException originOnLabTrust = failure(protocol, labTrust, labTrust);

        assertThat(response.status()).as("nginx: %s", nginx.output()).isEqualTo(200);
        assertThat(response.bodyText()).startsWith("sni=localhost ");
        assertThat(swapped.phase()).isEqualTo(Phase.PROXY_TLS);
        assertThat(swapped.label()).isEqualTo("proxy_tls_UntrustedCertificate");
        assertThat(proxyOnOriginTrust.label()).as("without proxyTls the proxy is checked with tls")
                .isEqualTo("proxy_tls_UntrustedCertificate");
        assertThat(originOnLabTrust.phase()).isEqualTo(Phase.TLS);
        assertThat(originOnLabTrust.label()).isEqualTo("tls_UntrustedCertificate");
    }

    @ParameterizedTest
    @EnumSource(ProxyProtocol.class)
    void theProxysPinsAreCheckedAgainstTheProxysChainOnly(ProxyProtocol protocol) throws Exception {
        String originPin = TestPki.pin(origin.certificate());
        TlsSettings originTrust = TlsSettings.builder().caFile(originPki.caFile()).pin("localhost", originPin).build();
        TlsSettings labTrust = TlsSettings.caFile(lab.caFile());

        CallException mismatch = failure(protocol, originTrust,
                labTrust.toBuilder().pin("127.0.0.1", originPin).build());

        assertThat(get(protocol, originTrust, labTrust).status()).isEqualTo(200);
        assertThat(mismatch.phase()).isEqualTo(Phase.PROXY_TLS);
        assertThat(mismatch.kind()).isEqualTo(CallException.Kind.TLS);
        assertThat(mismatch.label()).isEqualTo("proxy_tls_PinMismatch");
        assertThat(mismatch.getCause().getMessage()).startsWith("certificate pinning failed for 127.0.0.1: the"
                + " chain's keys are sha256//").endsWith("; pinned: " + originPin);
    }

    @ParameterizedTest
    @EnumSource(ProxyProtocol.class)
    void theProxyGetsTheClientCertificateOfProxyTlsOnly(ProxyProtocol protocol) throws Exception {
        TlsSettings originTrust = TlsSettings.caFile(originPki.caFile());
        TlsSettings proxyTrust = TlsSettings.caFile(proxyPki.caFile());
        TlsSettings withCertificate = proxyTrust.toBuilder().keyStore(clientStore, "pw".toCharArray()).build();
        TlsSettings originWithCertificate = originTrust.toBuilder().keyStore(clientStore, "pw".toCharArray()).build();

        ProxyResponse response = through(nghttpxPort, protocol, originTrust, withCertificate);
        CallException refused = catchThrowableOfType(
                () -> through(nghttpxPort, protocol, originWithCertificate, proxyTrust), CallException.class);

        assertThat(response.status()).as("nghttpx: %s", nghttpx.output()).isEqualTo(200);
        assertThat(response.bodyText()).isEqualTo("sni=localhost client=\n");
        if (protocol == ProxyProtocol.HTTP1) {
            assertThat(refused.kind()).as("%s", causes(refused)).isEqualTo(CallException.Kind.TLS);
            assertThat(refused.label()).endsWith("_ClientCertificateRefused");
            assertThat(refused.reason()).startsWith("the proxy refused the client's certificate or its absence");
        } else {
            // Under TLS 1.3 nghttpx refuses after the client's handshake; the client, sending its HTTP/2 preface,
            // finds the connection closed and never reads the alert.
            assertThat(refused.phase()).as("%s", causes(refused)).isEqualTo(Phase.PROXY_TLS);
            assertThat(refused.getCause()).hasMessage("the proxy closed its HTTP/2 connection before its SETTINGS");
        }
    }

    private static ProxyResponse through(int proxyPort, ProxyProtocol protocol, TlsSettings tls,
            TlsSettings proxyTls) throws Exception {
        try (ProxyClient client = ProxyClient.builder().proxy("https://127.0.0.1:" + proxyPort)
                .proxyProtocol(protocol).tls(tls).proxyTls(proxyTls).build()) {
            return client.execute(ProxyRequest.get("https://localhost:" + originPort + "/"));
        }
    }

    /** {@code failure}'s cause chain, one exception a line, for failure messages. */
    private static String causes(Throwable failure) {
        StringBuilder chain = new StringBuilder();
        for (Throwable t = failure; t != null && chain.length() < 4000; t = t.getCause()) {
            chain.append(t).append('\n');
        }
        return chain.toString();
    }
}
