package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabClient.Response;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.ScriptedOrigin;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests, one per finding of the first review of the gateway: each failed (hung, leaked or answered
 * wrongly) before its fix.
 */
class GatewayEdgeCasesTest {

    @TempDir
    static Path home;

    static Lab lab;
    static LabClient client;
    static String http;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
        client = new LabClient(lab);
        http = "http://127.0.0.1:" + lab.targetHttpPort();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    static void send(Socket s, String text) throws Exception {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    static String readAll(InputStream in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void forwardPortAboveTheRangeIsA400AndTheConnectionLivesOn() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            Response bad = LabClient.forward(s, "http://127.0.0.1:70000/", null);
            assertThat(bad.status()).isEqualTo(400);
            assertThat(bad.body()).contains("port 70000");
            assertThat(LabClient.forward(s, http + "/cdn-cgi/trace", null).status()).isEqualTo(200);
        }
    }

    @Test
    void expectContinueIsAnsweredAndTheRequestCompletes() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            send(s, "POST " + http + "/cdn-cgi/trace HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                    + "Expect: 100-continue\r\n\r\n");
            Response interim = LabClient.readResponse(s.getInputStream(), true);
            assertThat(interim.status()).isEqualTo(100);
            send(s, "hello");
            // The target answers POST with 405: what matters is that a final answer arrives.
            assertThat(LabClient.readResponse(s.getInputStream(), false).status()).isEqualTo(405);
        }
    }

    @Test
    void earlyHintsFromTheOriginAreSkippedAndTheFinalResponseArrives() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            ScriptedOrigin.readHead(sock.getInputStream());
        }); Socket s = client.gatewaySocket()) {
            Response r = LabClient.forward(s, "http://127.0.0.1:" + origin.port() + "/", null);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("ok");
        }
    }

    @Test
    void anUploadAfterAnEarlyAnswerIsDrainedAndTheConnectionCarriesOn() throws Exception {
        try (Lab authLab = Lab.start(LabConfig.builder().home(home).auth("u", "p").build());
                Socket s = new LabClient(authLab).gatewaySocket()) {
            String target = "http://127.0.0.1:" + authLab.targetHttpPort();
            byte[] body = new byte[1 << 20];
            CompletableFuture<Void> upload = CompletableFuture.runAsync(() -> {
                try {
                    send(s, "POST " + target + "/cdn-cgi/trace HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length
                            + "\r\n\r\n");
                    s.getOutputStream().write(body);
                    s.getOutputStream().flush();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(LabClient.readResponse(s.getInputStream(), false).status()).isEqualTo(407);
            upload.get(10, TimeUnit.SECONDS);
            assertThat(LabClient.forward(s, target + "/cdn-cgi/trace", "u:p").status()).isEqualTo(200);
        }
    }

    @Test
    void upstreamConnectionsCloseWhenTheClientLeavesMidResponse() throws Exception {
        long before = lab.targetStats().openConnections();
        for (int i = 0; i < 3; i++) {
            try (Socket s = client.gatewaySocket()) {
                send(s, "GET " + http + "/bytes/500000000 HTTP/1.1\r\nHost: x\r\n\r\n");
                assertThat(s.getInputStream().readNBytes(10_000)).hasSize(10_000);
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (lab.targetStats().openConnections() > before && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(lab.targetStats().openConnections()).isLessThanOrEqualTo(before);
    }

    @Test
    void bytesSentRightAfterAConnectHeadReachTheTunnel() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            String authority = "127.0.0.1:" + lab.targetHttpPort();
            send(s, "CONNECT " + authority + " HTTP/1.1\r\nHost: " + authority + "\r\n\r\n"
                    + "GET /cdn-cgi/trace HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            String all = readAll(s.getInputStream());
            assertThat(all).startsWith("HTTP/1.1 200 Connection established\r\n\r\nHTTP/1.1 200 OK");
            assertThat(all).contains("req=1");
        }
    }

    @Test
    void bytesSentRightAfterARefusedConnectAreTheNextRequest() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            send(s, "CONNECT 10.9.9.9:443 HTTP/1.1\r\nHost: 10.9.9.9:443\r\n\r\n"
                    + "GET " + http + "/cdn-cgi/trace HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(LabClient.readResponse(s.getInputStream(), false).status()).isEqualTo(403);
            assertThat(LabClient.readResponse(s.getInputStream(), false).status()).isEqualTo(200);
        }
    }

    @Test
    void socks5DataSentWithTheConnectCommandIsRelayed() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            send(s, "\u0005\u0001\u0000");
            assertThat(s.getInputStream().readNBytes(2)).containsExactly(5, 0);
            int port = lab.targetHttpPort();
            byte[] command = {5, 1, 0, 1, 127, 0, 0, 1, (byte) (port >> 8), (byte) port};
            byte[] request = "GET /cdn-cgi/trace HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1);
            byte[] both = new byte[command.length + request.length];
            System.arraycopy(command, 0, both, 0, command.length);
            System.arraycopy(request, 0, both, command.length, request.length);
            s.getOutputStream().write(both);
            s.getOutputStream().flush();
            byte[] reply = s.getInputStream().readNBytes(10);
            assertThat(reply[1]).isZero();
            assertThat(readAll(s.getInputStream())).startsWith("HTTP/1.1 200 OK").contains("ip=127.");
        }
    }

    @Test
    void aSocks5RequestForAnEmptyDomainNameIsRefusedWithoutALookup() throws Exception {
        long badBefore = lab.gatewayCounters().badRequests();
        try (Socket s = client.gatewaySocket()) {
            send(s, "\u0005\u0001\u0000");
            assertThat(s.getInputStream().readNBytes(2)).containsExactly(5, 0);
            int port = lab.targetHttpPort();
            s.getOutputStream().write(new byte[] {5, 1, 0, 3, 0, (byte) (port >> 8), (byte) port});
            s.getOutputStream().flush();
            byte[] reply = s.getInputStream().readNBytes(10);
            assertThat(reply[1]).as("reply code: address type not supported").isEqualTo((byte) 8);
            assertThat(s.getInputStream().read()).as("then the gateway closes").isEqualTo(-1);
        }
        assertThat(lab.gatewayCounters().badRequests()).isEqualTo(badBefore + 1);
    }

    @Test
    void theHostHeaderComesFromTheTargetUriWithoutUserInfo() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            send(s, "GET " + http + "/cdn-cgi/trace HTTP/1.1\r\nHost: evil.example\r\n\r\n");
            assertThat(LabClient.readResponse(s.getInputStream(), false).trace("h"))
                    .isEqualTo("127.0.0.1:" + lab.targetHttpPort());
        }
        try (Socket s = client.gatewaySocket()) {
            send(s, "GET http://alice:s3cret@127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace HTTP/1.0\r\n\r\n");
            Response r = LabClient.readResponse(s.getInputStream(), false);
            assertThat(r.trace("h")).isEqualTo("127.0.0.1:" + lab.targetHttpPort());
            assertThat(r.body()).doesNotContain("s3cret");
        }
    }

    @Test
    void hopByHopResponseHeadersStayAndHttp10ClientsGetNoChunks() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Secret-Hop: 1\r\n"
                    + "Connection: X-Secret-Hop\r\nX-Kept: yes\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
        }); Socket s = client.gatewaySocket()) {
            send(s, "GET http://127.0.0.1:" + origin.port() + "/ HTTP/1.0\r\n\r\n");
            String all = readAll(s.getInputStream());
            assertThat(all.toLowerCase()).doesNotContain("x-secret-hop").doesNotContain("transfer-encoding")
                    .contains("x-kept: yes").contains("connection: close");
            assertThat(all).endsWith("\r\n\r\nhello");
        }
    }

    @Test
    void aHalfCloseTravelsThroughATunnel() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            Thread.sleep(200);
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlate");
        }); LabClient.Tunnel t = client.connect(null, "127.0.0.1:" + origin.port())) {
            assertThat(t.reply().status()).isEqualTo(200);
            send(t.socket(), "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
            t.socket().shutdownOutput();
            assertThat(readAll(t.socket().getInputStream())).endsWith("late");
        }
    }

    @Test
    void aPooledConnectionTheOriginClosedIsRedialledOnce() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            // Keeps the connection, then hangs up on the next request unanswered, as a server whose keep-alive
            // ran out just as the request arrived.
            ScriptedOrigin.readHead(sock.getInputStream());
        }); Socket s = client.gatewaySocket()) {
            String uri = "http://127.0.0.1:" + origin.port() + "/";
            long retriesBefore = lab.gatewayCounters().forwardRetries();
            for (int i = 0; i < 3; i++) {
                assertThat(LabClient.forward(s, uri, "u:p_session-stale").status()).isEqualTo(200);
            }
            assertThat(lab.gatewayCounters().forwardRetries() - retriesBefore).isEqualTo(2);
            assertThat(origin.accepted()).isEqualTo(3);
        }
    }

    @Test
    void theConnectionARedialOpensServesLaterRequestsWithoutAnotherRetry() throws Exception {
        java.util.concurrent.atomic.AtomicInteger connections = new java.util.concurrent.atomic.AtomicInteger();
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            boolean first = connections.incrementAndGet() == 1;
            for (int answered = 0; ; answered++) {
                ScriptedOrigin.readHead(sock.getInputStream());
                if (first && answered == 1) {
                    return; // the first connection hangs up on its second request
                }
                ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            }
        }); Socket s = client.gatewaySocket()) {
            String uri = "http://127.0.0.1:" + origin.port() + "/";
            long retriesBefore = lab.gatewayCounters().forwardRetries();
            for (int i = 0; i < 4; i++) {
                assertThat(LabClient.forward(s, uri, "u:p_session-redial").status()).isEqualTo(200);
            }
            assertThat(lab.gatewayCounters().forwardRetries() - retriesBefore).isEqualTo(1);
            assertThat(origin.accepted()).isEqualTo(2);
        }
    }
}
