package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Phase;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.ScriptedOrigin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests, one per finding of the first review of the client: each misbehaved before its fix. */
class ClientEdgeCasesTest {

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

    private ProxyClient.Builder viaLab() {
        return ProxyClient.builder().proxy("http://127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile()));
    }


    @Test
    void anUnreadableBodyFileFailsInTheRequestPhaseAndLeavesThePoolWholeAndABadHeaderIsRefusedUnsent()
            throws Exception {
        PoolLimits one = PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(Duration.ofSeconds(30))
                .acquireTimeout(Duration.ofSeconds(2)).build();
        String url = "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace";
        try (ProxyClient client = ProxyClient.builder().limits(one).build()) {
            assertThat(client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThatThrownBy(() -> ProxyRequest.get(url).withHeader("X Bad", "v"))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not an HTTP token");
            CallException e = Calls.failure(client.send(ProxyRequest.get(url).withMethod("POST")
                    .withBodyFile(home.resolve("missing.bin"))));
            assertThat(e.phase()).isEqualTo(Phase.REQUEST);
            assertThat(e.kind()).isEqualTo(CallException.Kind.BAD_REQUEST);
            assertThat(client.poolGauges().acquired()).isZero();
            assertThat(client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS).reused()).isTrue();
        }
    }

    @Test
    void anUnreadableCaFileFailsWhenTheClientIsBuilt() {
        Path missing = home.resolve("missing.pem");
        assertThatThrownBy(() -> ProxyClient.builder().tls(TlsSettings.caFile(missing)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(missing.toString());
    }

    @Test
    void aMalformedChunkedBodyFailsAndItsConnectionIsNotReused() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, origin0Replies.get());
            ScriptedOrigin.readHead(sock.getInputStream());
        }); ProxyClient client = viaLab().forceConnect(true).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            origin0Replies.set("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n");
            assertThat(Calls.failure(client.send(ProxyRequest.get(url))).phase()).isEqualTo(Phase.REQUEST);
            origin0Replies.set("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            ProxyResponse next = client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS);
            assertThat(next.bodyText()).isEqualTo("ok");
            assertThat(next.reused()).isFalse();
        }
    }

    static final AtomicReference<String> origin0Replies = new AtomicReference<>();

    @Test
    void interimResponsesAreSkippedForTheFinalOne() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            ScriptedOrigin.readHead(sock.getInputStream());
        }); ProxyClient client = viaLab().forceConnect(true).build()) {
            ProxyResponse r = client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(10, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("ok");
        }
    }

    @Test
    void h2HonoursTheServersStreamLimit() throws Exception {
        try (TinyH2Server server = new TinyH2Server(home, 1, 200);
                ProxyClient client = ProxyClient.builder().tls(TlsSettings.caFile(lab.caFile())).build()) {
            String url = "https://127.0.0.1:" + server.port() + "/";
            client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS);
            List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                calls.add(client.send(ProxyRequest.get(url)));
            }
            for (CompletableFuture<ProxyResponse> c : calls) {
                assertThat(c.get(10, TimeUnit.SECONDS).attempt()).isEqualTo(1);
            }
            assertThat(client.counters().total().retries()).isZero();
            assertThat(client.counters().total().created()).isEqualTo(4);
        }
    }

    @Test
    void concurrentH2CallsAreNotChargedWithEachOthersBytes() throws Exception {
        try (ProxyClient client = viaLab().build()) {
            String url = "https://127.0.0.1:" + lab.targetHttpsPort() + "/delay/200";
            client.send(ProxyRequest.get(url)).get(10, TimeUnit.SECONDS);
            List<CompletableFuture<ProxyResponse>> calls = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                calls.add(client.send(ProxyRequest.get(url)));
            }
            List<Long> in = new ArrayList<>();
            for (CompletableFuture<ProxyResponse> c : calls) {
                ProxyResponse r = c.get(10, TimeUnit.SECONDS);
                assertThat(r.protocol()).isEqualTo("h2");
                in.add(r.bytesIn());
            }
            assertThat(in).containsOnly(in.get(0));
        }
    }

    @Test
    void anUnreadableSessionInTheUsernameFailsTheCallNotTheCaller() throws Exception {
        try (ProxyClient client = ProxyClient.builder()
                .proxy("http://user-session-ab_cd:pw@127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile())).build()) {
            CompletableFuture<ProxyResponse> call = client.send(ProxyRequest.get(
                    "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"));
            assertThat(Calls.failure(call).phase()).isEqualTo(Phase.CONNECT);
        }
    }

    @Test
    void aHostHeaderFromTheTemplateIsSentOnce() throws Exception {
        AtomicReference<String> head = new AtomicReference<>();
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            head.set(ScriptedOrigin.readHead(sock.getInputStream()));
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
        }); ProxyClient client = ProxyClient.builder().build()) {
            client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/").withHeader("Host", "example.test"))
                    .get(10, TimeUnit.SECONDS);
            assertThat(head.get().toLowerCase().split("\r\n"))
                    .filteredOn(line -> line.startsWith("host:")).containsExactly("host: example.test");
        }
    }

    @Test
    void aConnectionIsReportedClosedAfterTheCallThatEndedIt() throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = viaLab().tls(TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY))
                .eventListenerFactory(c -> {
            RecordingListener l = new RecordingListener();
            calls.add(l);
            return l;
        }).build()) {
            client.send(ProxyRequest.get("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace")
                    .withHeader("Connection", "close")).get(10, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!calls.get(0).events.contains("connectionClosed:client_close") && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(calls.get(0).events).endsWith("connectionReleased", "callEnd", "connectionClosed:client_close");
        }
    }

    @Test
    void aFailedH2StreamLeavesItsConnectionToTheOthers() throws Exception {
        Timeouts quick = Timeouts.builder().tcp(Duration.ofSeconds(5)).tunnel(Duration.ofSeconds(5))
                .tls(Duration.ofSeconds(5)).responseHead(Duration.ofMillis(300)).readIdle(Duration.ofMillis(300))
                .build();
        try (ProxyClient client = viaLab().timeouts(quick).build()) {
            String base = "https://127.0.0.1:" + lab.targetHttpsPort();
            ProxyResponse first = client.send(ProxyRequest.get(base + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS);
            assertThat(Calls.failure(client.send(ProxyRequest.get(base + "/delay/2000"))).phase())
                    .isEqualTo(Phase.REQUEST);
            ProxyResponse after = client.send(ProxyRequest.get(base + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS);
            assertThat(after.reused()).isTrue();
            assertThat(after.connection().id()).isEqualTo(first.connection().id());
        }
    }

    @Test
    void anHttp11ResponseTimeoutFiresForTheExchangeAfterAFastOneOnTheSameConnection() throws Exception {
        // The connection's response timer, armed for the first exchange, fires during the second: it must wait out
        // the second exchange's own time and then fail it, not let it hang or end it early.
        Timeouts quick = Timeouts.builder().tcp(Duration.ofSeconds(5)).tunnel(Duration.ofSeconds(5))
                .tls(Duration.ofSeconds(5)).responseHead(Duration.ofMillis(300)).readIdle(Duration.ofMillis(300))
                .build();
        try (ProxyClient client = viaLab().tls(TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY))
                .timeouts(quick).build()) {
            String base = "https://127.0.0.1:" + lab.targetHttpsPort();
            ProxyResponse first = client.send(ProxyRequest.get(base + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS);
            assertThat(first.protocol()).isEqualTo("http/1.1");
            // The timer armed for the first exchange fires about 100 ms into the second; a lower bound only, as
            // a busy machine can only make the failure later.
            Thread.sleep(200);
            long sent = System.nanoTime();
            CallException slow = Calls.failure(client.send(ProxyRequest.get(base + "/delay/2000")));
            assertThat(Duration.ofNanos(System.nanoTime() - sent)).as("the second exchange's own 300 ms")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(290));
            assertThat(slow.phase()).isEqualTo(Phase.REQUEST);
            assertThat(slow.getCause()).isInstanceOf(TimeoutException.class);
            ProxyResponse after = client.send(ProxyRequest.get(base + "/cdn-cgi/trace")).get(10, TimeUnit.SECONDS);
            assertThat(after.status()).isEqualTo(200);
            assertThat(after.reused()).isFalse();
        }
    }
}
