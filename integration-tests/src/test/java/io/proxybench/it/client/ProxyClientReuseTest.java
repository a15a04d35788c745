package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.Counts;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.ScriptedOrigin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 000's claim, checked through the lab: reuse is decided by the proxy configuration. */
class ProxyClientReuseTest {

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

    private ProxyClient.Builder base() {
        return ProxyClient.builder().proxy("http://user:pass@127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY));
    }

    private String url() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    /** Sends {@code rounds} rounds of {@code concurrency} requests with the given session keys. */
    private static List<ProxyResponse> crawl(ProxyClient client, ProxyRequest request, int rounds, int concurrency,
            String... keys) throws Exception {
        List<ProxyResponse> all = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<CompletableFuture<ProxyResponse>> round = new ArrayList<>();
            for (int c = 0; c < concurrency; c++) {
                String key = keys.length == 0 ? null : keys[(r * concurrency + c) % keys.length];
                round.add(client.send(key == null ? request : request.withSessionKey(key)));
            }
            for (CompletableFuture<ProxyResponse> f : round) {
                ProxyResponse response = f.get(20, TimeUnit.SECONDS);
                assertThat(response.status()).isEqualTo(200);
                all.add(response);
            }
        }
        return all;
    }

    static Set<String> ips(List<ProxyResponse> responses) {
        Set<String> ips = new HashSet<>();
        responses.forEach(r -> ips.add(ProxyClientLabTest.trace("ip", r)));
        return ips;
    }

    @Test
    void aFreshSessionPerRequestMakesEveryRequestAHandshake() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.perRequest()).build()) {
            List<ProxyResponse> responses = crawl(client, ProxyRequest.get(url()), 5, 4, "task");
            Counts c = client.counters().total();
            assertThat(c.created()).isEqualTo(20);
            assertThat(c.reused()).isZero();
            assertThat(c.handshakesPer1000()).isEqualTo(1000.0);
            assertThat(ips(responses)).hasSize(20);
            assertThat(client.poolGauges().idle()).as("no later request can use them, so none idles").isZero();
            assertThat(client.counters().perExit()).as("one label for the account, not one per request").hasSize(1);
            awaitClosed(client, CloseReason.KEEP_ALIVE_ZERO.label(), 20);
        }
    }

    @Test
    void aStickySessionWithKeepAliveOpensAboutAsManyConnectionsAsItsConcurrency() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.stickyPerKey()).build()) {
            List<ProxyResponse> responses = crawl(client, ProxyRequest.get(url()), 10, 8, "task");
            Counts c = client.counters().total();
            assertThat(c.created()).isBetween(8L, 10L);
            assertThat(c.reuseRate()).isGreaterThan(0.85);
            assertThat(ips(responses)).hasSize(1);
            assertThat(c.handshakeBytesPerConnection()).isGreaterThan(500);
        }
    }

    @Test
    void h2CarriesConcurrentRequestsOfOneSessionOnOneConnection() throws Exception {
        try (ProxyClient client = base().tls(TlsSettings.caFile(lab.caFile()))
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey()).build()) {
            // One request first: until ALPN has answered, the client cannot know the route multiplexes.
            crawl(client, ProxyRequest.get(url()), 1, 1, "task");
            List<ProxyResponse> responses = crawl(client, ProxyRequest.get(url()), 5, 8, "task");
            assertThat(client.counters().total().created()).isEqualTo(1);
            assertThat(responses).allSatisfy(r -> assertThat(r.protocol()).isEqualTo("h2"));
        }
    }

    /**
     * One connection, three times its streams in flight: each finished stream hands its slot to a waiting call, whose
     * stream must not open while the finished one still counts against the target's limit of concurrent streams (the
     * codec would refuse it, and the call would be retried on a new connection).
     */
    @Test
    void aStreamSlotPassesToAWaitingCallOnlyOnceItsStreamHasClosed() throws Exception {
        PoolLimits oneConnection = PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1)
                .keepAlive(Duration.ofSeconds(60)).acquireTimeout(Duration.ofSeconds(30)).build();
        try (ProxyClient client = base().tls(TlsSettings.caFile(lab.caFile())).limits(oneConnection)
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey()).build()) {
            crawl(client, ProxyRequest.get(url()), 1, 1, "task");

            List<ProxyResponse> responses = crawl(client, ProxyRequest.get(url()), 2, 300, "task");

            Counts c = client.counters().total();
            assertThat(c.retries()).as("calls retried after a refused stream").isZero();
            assertThat(c.created()).as("connections").isEqualTo(1);
            assertThat(responses).allSatisfy(r -> assertThat(r.protocol()).isEqualTo("h2"));
        }
    }

    @Test
    void aNewSessionToAnOriginKnownToSpeakH2OpensOneConnectionForItsFirstBurst() throws Exception {
        try (ProxyClient client = base().tls(TlsSettings.caFile(lab.caFile()))
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey()).build()) {
            crawl(client, ProxyRequest.get(url()), 1, 1, "first");

            // 20 concurrent first requests of three new sessions: each session opens one tunnel, not one per call.
            List<ProxyResponse> burst = crawl(client, ProxyRequest.get(url()), 1, 20, "a", "b", "c");

            assertThat(client.counters().total().created()).isEqualTo(4);
            assertThat(burst).allSatisfy(r -> assertThat(r.protocol()).isEqualTo("h2"));
            assertThat(ips(burst)).hasSize(3);
        }
    }

    @Test
    void twoSessionsOnOneGatewayNeverShareAConnection() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.stickyPerKey()).build()) {
            List<ProxyResponse> a = crawl(client, ProxyRequest.get(url()).withSessionKey("alice"), 6, 1);
            List<ProxyResponse> b = crawl(client, ProxyRequest.get(url()).withSessionKey("bob"), 6, 1);
            List<ProxyResponse> mixed = crawl(client, ProxyRequest.get(url()), 6, 1, "alice", "bob");
            assertThat(ips(a)).hasSize(1);
            assertThat(ips(b)).hasSize(1).doesNotContainAnyElementsOf(ips(a));
            for (ProxyResponse r : mixed) {
                String ip = ProxyClientLabTest.trace("ip", r);
                assertThat(ip).isIn(ips(a).iterator().next(), ips(b).iterator().next());
            }
            assertThat(client.counters().total().created()).isEqualTo(2);
            assertThat(client.counters().perExit()).hasSize(2);
        }
    }

    @Test
    void connectionCloseInTheRequestTemplateDefeatsReuse() throws Exception {
        try (ProxyClient client = base().build()) {
            crawl(client, ProxyRequest.get(url()).withHeader("Connection", "close"), 5, 1);
            Counts c = client.counters().total();
            assertThat(c.created()).isEqualTo(5);
            awaitClosed(client, "client_close", 5);
        }
    }

    @Test
    void keepAliveZeroDefeatsReuse() throws Exception {
        PoolLimits noKeepAlive = PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024)
                .keepAlive(Duration.ZERO).acquireTimeout(Duration.ofSeconds(30)).build();
        try (ProxyClient client = base().limits(noKeepAlive).build()) {
            crawl(client, ProxyRequest.get(url()), 5, 1);
            assertThat(client.counters().total().created()).isEqualTo(5);
            awaitClosed(client, "keep_alive_zero", 5);
        }
    }

    @Test
    void aServersConnectionCloseDefeatsReuse() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok");
        }); ProxyClient client = base().forceConnect(true).build()) {
            // Through a tunnel: in forward mode the gateway, not the client, would see the server's close.
            crawl(client, ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"), 4, 1);
            assertThat(client.counters().total().created()).isEqualTo(4);
            awaitClosed(client, "server_close", 4);
        }
    }

    /** Close reasons are counted when the socket has closed, a moment after the response. */
    private static void awaitClosed(ProxyClient client, String reason, long count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (client.counters().total().closedByReason().getOrDefault(reason, 0L) < count
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(client.counters().total().closedByReason()).containsEntry(reason, count);
    }
}
