package io.proxybench.recorder.jetty;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.recorder.core.Recorder;
import io.proxybench.recorder.labcheck.ClientUnderTest;
import io.proxybench.recorder.labcheck.Fields;
import io.proxybench.recorder.labcheck.LabCheck;
import io.proxybench.recorder.labcheck.Mode;
import io.proxybench.recorder.labcheck.RecorderLab;
import java.net.URI;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.HttpProxy;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Jetty's HttpClient through the lab's gateway, recorded: the file against the lab's own counts. */
@Timeout(120)
class JettyRecorderTest {

    @RegisterExtension
    static final RecorderLab lab = new RecorderLab();

    /** Jetty's connection events show the CONNECT exchange and TLS on new connections, not DNS, TCP or wire bytes. */
    static final Fields FIELDS = new Fields(
            Set.of("status", "http", "total", "request", "conn", "reused", "ip", "loc"),
            Set.of("connect", "tls"),
            Set.of("dns", "tcp", "proxy_tls", "socks", "bytes_out", "bytes_in", "handshake_bytes", "queue",
                    "body_len"));

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Mode.class)
    void theRecordsCountWhatTheLabCounted(Mode mode) throws Exception {
        LabCheck.check(lab, dir, mode, JettyRecorderTest::open, FIELDS);
    }

    @Test
    void aConnectTheProxyRefusedIsRecordedAsConnect407() throws Exception {
        LabCheck.checkRefused(lab, dir, JettyRecorderTest::open);
    }

    /** A connection's setup is kept while its socket is open, not per request: none is left once they closed. */
    @Test
    void connectionSetupsGoWithTheirSockets() throws Exception {
        try (Recorder recorder = Recorder.open(dir.resolve("setups.jsonl"))) {
            ClientUnderTest.Setup setup = new ClientUnderTest.Setup(lab.lab().host(), lab.lab().gatewayPort(),
                    RecorderLab.USER, RecorderLab.PASSWORD, lab.trust(), null, true);
            HttpClient client = client(recorder, setup);
            try {
                for (int i = 0; i < 5; i++) {
                    client.newRequest(lab.trace()).headers(h -> h.put(HttpHeader.CONNECTION, "close"))
                            .timeout(30, TimeUnit.SECONDS).send();
                }
                ConnectionSetups setups = client.getBean(ConnectionSetups.class);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (setups.size() > 0 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(setups.size()).as("setups of open sockets after every socket closed").isZero();
            } finally {
                client.stop();
            }
            assertThat(recorder.written()).isEqualTo(5);
        }
    }

    /**
     * The user's wiring: one line on the client, before it starts. The proxy account is the client's (Jetty keeps one per proxy);
     * the session rides as the request's tag; keep-alive 0 is {@code Connection: close} on each request.
     */
    static ClientUnderTest.Handle open(Recorder recorder, ClientUnderTest.Setup setup) throws Exception {
        HttpClient client = client(recorder, setup);
        return new ClientUnderTest.Handle() {
            @Override
            public String get(URI url) throws Exception {
                Request request = client.newRequest(url).tag(setup.session()).timeout(30, TimeUnit.SECONDS);
                if (setup.keepAliveZero()) {
                    request.headers(h -> h.put(HttpHeader.CONNECTION, "close"));
                }
                ContentResponse response = request.send();
                return response.getContentAsString();
            }

            @Override
            public void close() {
                try {
                    client.stop();
                } catch (Exception e) {
                    throw new IllegalStateException("Jetty's HttpClient did not stop", e);
                }
            }
        };
    }

    /** A started client through the lab's gateway with its account, recorded. */
    private static HttpClient client(Recorder recorder, ClientUnderTest.Setup setup) throws Exception {
        SslContextFactory.Client tls = new SslContextFactory.Client();
        tls.setSslContext(setup.trust().context());
        ClientConnector connector = new ClientConnector();
        connector.setSslContextFactory(tls);
        HttpClient client = new HttpClient(new HttpClientTransportOverHTTP(connector));
        client.getProxyConfiguration().addProxy(new HttpProxy(setup.proxyHost(), setup.proxyPort()));
        client.getAuthenticationStore().addAuthenticationResult(new BasicAuthentication.BasicResult(
                URI.create("http://" + setup.proxyHost() + ":" + setup.proxyPort()), HttpHeader.PROXY_AUTHORIZATION,
                setup.user(), setup.password()));
        JettyRecorder.of(recorder, request -> (String) request.getTag()).install(client);
        client.start();
        return client;
    }
}
