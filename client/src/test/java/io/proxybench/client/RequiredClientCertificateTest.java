package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.proxybench.client.event.Phase;
import io.proxybench.client.testing.TestPki;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server that refuses the handshake without a client certificate (the JDK's, with {@code needClientAuth}, on
 * TLS 1.2 and 1.3): with the key store the call gets 200; without it the call fails as a TLS failure labelled and
 * explained as a refused client certificate, in the TLS phase under TLS 1.2 and at the first read under TLS 1.3.
 */
class RequiredClientCertificateTest {

    private static final String PASSWORD = "pw";

    @TempDir
    static Path folder;

    private static TestPki pki;
    private static Path serverStore;
    private static Path clientStore;

    @BeforeAll
    static void certificates() {
        pki = TestPki.create(folder, "mtls");
        serverStore = pki.pkcs12(pki.server("localhost", "DNS:localhost", "IP:127.0.0.1"), PASSWORD);
        clientStore = pki.pkcs12(pki.client("proxybench-client"), PASSWORD);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TLSv1.2", "TLSv1.3"})
    void withoutTheKeyStoreTheCallFailsInTls(String protocol) throws Exception {
        try (SSLServerSocket server = server(protocol)) {
            Thread serving = new Thread(() -> serve(server, 2), "mtls-server");
            serving.setDaemon(true);
            serving.start();
            TlsSettings trusted = TlsSettings.caFile(pki.caFile());
            String url = "https://localhost:" + server.getLocalPort() + "/";

            try (ProxyClient client = ProxyClient.builder()
                    .tls(trusted.toBuilder().keyStore(clientStore, PASSWORD.toCharArray()).build()).build()) {
                assertThat(client.execute(ProxyRequest.get(url)).status()).isEqualTo(200);
            }
            CallException refused;
            try (ProxyClient client = ProxyClient.builder().tls(trusted).build()) {
                refused = catchThrowableOfType(() -> client.execute(ProxyRequest.get(url)), CallException.class);
            }
            assertThat(refused.kind()).isEqualTo(CallException.Kind.TLS);
            assertThat(refused.phase()).as("TLS 1.3 ends the client's handshake before the server decides")
                    .isEqualTo(protocol.equals("TLSv1.2") ? Phase.TLS : Phase.REQUEST);
            assertThat(refused.label()).endsWith("_ClientCertificateRefused");
            assertThat(refused.reason()).isEqualTo("the origin refused the client's certificate or its absence (TLS"
                    + " alert bad_certificate); TlsSettings.keyStore or keyManager presents one");
            serving.join(5000);
        }
    }

    private static SSLServerSocket server(String protocol) throws Exception {
        KeyStore keys = KeyStore.getInstance(serverStore.toFile(), PASSWORD.toCharArray());
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD.toCharArray());
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (InputStream in = Files.newInputStream(pki.caFile())) {
            trust.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        SSLServerSocket server = (SSLServerSocket) context.getServerSocketFactory()
                .createServerSocket(0, 4, InetAddress.getLoopbackAddress());
        server.setNeedClientAuth(true);
        server.setEnabledProtocols(new String[] {protocol});
        return server;
    }

    private static void serve(SSLServerSocket server, int connections) {
        for (int i = 0; i < connections; i++) {
            try (SSLSocket socket = (SSLSocket) server.accept()) {
                socket.startHandshake();
                InputStream in = socket.getInputStream();
                byte[] head = new byte[4096];
                in.read(head);
                OutputStream out = socket.getOutputStream();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException refusedOrClosed) {
                // The refused handshake ends here; the test reads what the client made of it.
            }
        }
    }
}
