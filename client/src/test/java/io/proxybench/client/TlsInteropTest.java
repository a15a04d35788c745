package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.proxybench.client.testing.ExternalPeer;
import io.proxybench.client.testing.NginxTls;
import io.proxybench.client.testing.NginxTls.Site;
import io.proxybench.client.testing.TestPki;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS against nginx on loopback with a CA made for the test: a client certificate from a key store (or a key
 * manager) where nginx requires one, pins checked against the presented chain, hostname verification with a CA
 * file and with a trust manager of one's own, and SNI as curl sends it (the host name, none for an IP literal).
 */
class TlsInteropTest {

    private static final String PASSWORD = "p12-password";

    @TempDir
    static Path pkiFolder;

    private static TestPki pki;
    private static TestPki.Leaf server;
    private static TestPki.Leaf otherName;
    private static Path clientStore;
    private static NginxTls nginx;
    private static int mtlsPort;
    private static int port;
    private static int otherNamePort;

    @BeforeAll
    static void start() {
        pki = TestPki.create(pkiFolder, "origin");
        server = pki.server("localhost", "DNS:localhost", "IP:127.0.0.1");
        otherName = pki.server("other", "DNS:other.example");
        clientStore = pki.pkcs12(pki.client("proxybench-client"), PASSWORD);
        mtlsPort = ExternalPeer.freePort();
        port = ExternalPeer.freePort();
        otherNamePort = ExternalPeer.freePort();
        nginx = NginxTls.start(ExternalPeer.newFolder("nginx-tls"), List.of(
                new Site(mtlsPort, server.chain(), server.key(), pki.caFile()),
                new Site(port, server.chain(), server.key(), null),
                new Site(otherNamePort, otherName.chain(), otherName.key(), null)));
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    private static ProxyResponse get(TlsSettings tls, String url) throws Exception {
        try (ProxyClient client = ProxyClient.builder().tls(tls).build()) {
            return client.execute(ProxyRequest.get(url));
        }
    }

    private static CallException failure(TlsSettings tls, String url) {
        return catchThrowableOfType(() -> get(tls, url), CallException.class);
    }

    @Test
    void theKeyStoresCertificateIsPresentedWhereNginxRequiresOne() throws Exception {
        TlsSettings withCertificate = TlsSettings.builder().caFile(pki.caFile())
                .keyStore(clientStore, PASSWORD.toCharArray()).build();
        String url = "https://localhost:" + mtlsPort + "/";

        ProxyResponse accepted = get(withCertificate, url);
        ProxyResponse refused = get(TlsSettings.caFile(pki.caFile()), url);

        assertThat(accepted.status()).as("nginx: %s", nginx.output()).isEqualTo(200);
        assertThat(accepted.bodyText()).contains("client=CN=proxybench-client");
        assertThat(refused.status()).as("nginx completes the handshake and answers 400").isEqualTo(400);
        assertThat(refused.bodyText()).contains("No required SSL certificate was sent");
    }

    @Test
    void aKeyManagerFactoryOfOnesOwnPresentsItsCertificate() throws Exception {
        KeyStore store = KeyStore.getInstance(clientStore.toFile(), PASSWORD.toCharArray());
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, PASSWORD.toCharArray());

        ProxyResponse response = get(TlsSettings.builder().caFile(pki.caFile()).keyManager(keys).build(),
                "https://localhost:" + mtlsPort + "/");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.bodyText()).contains("client=CN=proxybench-client");
    }

    @Test
    void aPinOfAnyCertificateInTheChainPassesAndAnotherFailsNamingHostAndPins() throws Exception {
        String leafPin = TestPki.pin(server.certificate());
        String caPin = TestPki.pin(pki.caFile());
        String otherPin = TestPki.pin(otherName.certificate());
        String url = "https://localhost:" + port + "/";
        TlsSettings.Builder trusted = TlsSettings.builder().caFile(pki.caFile());

        assertThat(get(trusted.build().toBuilder().pin("localhost", otherPin, leafPin).build(), url).status())
                .isEqualTo(200);
        assertThat(get(trusted.build().toBuilder().pin("LOCALHOST", caPin).build(), url).status())
                .as("the CA nginx sends with its certificate").isEqualTo(200);
        assertThat(get(trusted.build().toBuilder().pin("127.0.0.1", otherPin).build(), url).status())
                .as("pins are for their host only").isEqualTo(200);

        CallException mismatch = failure(trusted.build().toBuilder().pin("localhost", otherPin).build(), url);

        assertThat(mismatch.kind()).isEqualTo(CallException.Kind.TLS);
        assertThat(mismatch.label()).isEqualTo("tls_PinMismatch");
        assertThat(mismatch.reason()).isEqualTo("no key of the chain is pinned for localhost");
        assertThat(mismatch.getCause()).hasMessage("certificate pinning failed for localhost: the chain's keys are "
                + leafPin + ", " + caPin + "; pinned: " + otherPin);
    }

    @Test
    void aCertificateForAnotherNameFailsWithACaFileAndWithATrustManagerOfOnesOwn() throws Exception {
        String url = "https://localhost:" + otherNamePort + "/";
        TrustManagerFactory custom = trustIn(pki.caFile());

        for (TlsSettings tls : List.of(TlsSettings.caFile(pki.caFile()),
                TlsSettings.builder().trustManager(custom).build())) {
            CallException e = failure(tls, url);
            assertThat(e.kind()).as("%s", tls).isEqualTo(CallException.Kind.TLS);
            assertThat(e.label()).isEqualTo("tls_UntrustedCertificate");
            assertThat(e.reason()).isEqualTo("the origin's certificate does not name localhost");
        }
        assertThat(get(TlsSettings.builder().trustManager(custom).build(), "https://localhost:" + port + "/")
                .status()).as("the same trust, a certificate naming the host").isEqualTo(200);
        assertThat(get(TlsSettings.insecure(), url).status()).as("no checks at all").isEqualTo(200);
    }

    @Test
    void sniIsTheHostNameAndNoneForAnIpLiteral() throws Exception {
        TlsSettings tls = TlsSettings.caFile(pki.caFile());

        assertThat(get(tls, "https://localhost:" + port + "/").bodyText()).startsWith("sni=localhost ");
        assertThat(get(tls, "https://127.0.0.1:" + port + "/").bodyText()).startsWith("sni= ");
    }

    private static TrustManagerFactory trustIn(Path caPem) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        try (InputStream in = Files.newInputStream(caPem)) {
            store.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        return trust;
    }
}
