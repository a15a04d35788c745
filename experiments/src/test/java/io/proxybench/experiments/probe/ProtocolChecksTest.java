package io.proxybench.experiments.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.harness.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The authentication check reads a 407 as "required", and a proxy's close as neither, at once. */
class ProtocolChecksTest {

    /**
     * A proxy on 127.0.0.1 that closes its first {@code drops} connections without a word and answers 407 to each
     * request head after that, counting the connections it accepted.
     */
    private static final class RefusingProxy implements AutoCloseable {
        final ServerSocket server;
        final AtomicInteger accepted = new AtomicInteger();
        final Thread loop;

        RefusingProxy(int drops) throws IOException {
            server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
            loop = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        if (accepted.incrementAndGet() > drops) {
                            readHead(s.getInputStream());
                            OutputStream out = s.getOutputStream();
                            out.write(("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic"
                                    + " realm=\"t\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                            out.flush();
                        }
                    } catch (IOException e) {
                        // closed by the test, or the client went away: the next accept decides
                    }
                }
            });
            loop.setDaemon(true);
            loop.start();
        }

        private static void readHead(InputStream in) throws IOException {
            int matched = 0;
            byte[] end = {'\r', '\n', '\r', '\n'};
            for (int b; matched < 4 && (b = in.read()) >= 0; ) {
                matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            }
        }

        ProbeSetup setup(int budget) {
            ProxySpec proxy = ProxySpec.parse("http://acct:s3cret@127.0.0.1:" + server.getLocalPort());
            return new ProbeSetup(proxy, null, null, URI.create("https://127.0.0.1:9/cdn-cgi/trace"), null,
                    TlsSettings.system(), null, budget, 0, Duration.ofSeconds(2), Duration.ofSeconds(5));
        }

        @Override
        public void close() throws Exception {
            server.close();
            loop.join(5_000);
        }
    }

    @Test
    void a407IsRequiredAuthenticationAfterOneRequest() throws Exception {
        try (RefusingProxy proxy = new RefusingProxy(0)) {
            Prober prober = new Prober(proxy.setup(ProbeSetup.MIN_BUDGET));
            ProbeLine line = ProtocolChecks.auth(prober, proxy.setup(ProbeSetup.MIN_BUDGET));
            assertThat(line.figure()).as(line.value()).isEqualTo(1.0);
            assertThat(line.value()).startsWith("required: 407");
            assertThat(prober.sent()).isEqualTo(1);
            assertThat(line.toString()).doesNotContain("s3cret");
        }
    }

    /**
     * A proxy that hangs up at once: the line says so after one request, in the client's words, and never waits for
     * the request's timeout (the close could once come while the client was taking the connection in, and the call
     * then waited).
     */
    @Test
    void aProxyThatHangsUpIsUnclearAtOnceNotAfterATimeout() throws Exception {
        for (int i = 0; i < 20; i++) {
            try (RefusingProxy proxy = new RefusingProxy(1)) {
                Prober prober = new Prober(proxy.setup(ProbeSetup.MIN_BUDGET));
                ProbeLine line = ProtocolChecks.auth(prober, proxy.setup(ProbeSetup.MIN_BUDGET));
                assertThat(line.figure()).isEqualTo(0.0);
                assertThat(line.value()).startsWith("unclear: connect_").doesNotContain("no answer within");
                assertThat(prober.sent()).isEqualTo(1);
                assertThat(proxy.accepted.get()).isEqualTo(1);
            }
        }
    }

    /** Without credentials, the protocol checks' own answers say whether the proxy wants some: no request more. */
    @Test
    void withoutCredentialsTheChecksAnswersSayWhetherAuthIsRequired() {
        Prober.Answer ok = new Prober.Answer(200, Trace.of("ip=10.0.0.1\n".getBytes(StandardCharsets.UTF_8)), null,
                null, null, null);
        Prober.Answer refused = new Prober.Answer(0, Trace.of(new byte[0]), "connect_407", "connect_407", null, null);
        Prober.Answer forward407 = new Prober.Answer(407, Trace.of(new byte[0]), null, null, null, null);
        Prober.Answer closed = new Prober.Answer(0, Trace.of(new byte[0]), "connect_closed", "connect_closed", null,
                null);
        ProbeLine open = ProtocolChecks.authOf(List.of(ok, ok, closed));
        assertThat(open.value()).isEqualTo("not required: 2 checks answered without credentials");
        assertThat(open.figure()).isEqualTo(0.0);
        ProbeLine required = ProtocolChecks.authOf(List.of(refused, forward407, closed));
        assertThat(required.value()).isEqualTo("required: 407 without credentials");
        assertThat(required.figure()).isEqualTo(1.0);
        assertThat(ProtocolChecks.authOf(List.of(ok, refused)).value())
                .isEqualTo("partly: 1 check answered without credentials, 1 got a 407");
        assertThat(ProtocolChecks.authOf(List.of(closed)).measured()).isFalse();
    }
}
