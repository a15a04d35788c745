package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.client.testing.Await;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.ConnectReply;
import io.proxybench.lab.gateway.GatewayCounters;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client with HTTP/2 to the lab's {@code https://} gateway port: each tunnel a CONNECT stream. */
class ProxyClientH2GatewayTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).auth("alice", "s3cret").build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @BeforeEach
    void reset() {
        lab.resetGatewayCounters();
        lab.resetTargetStats();
    }

    private ProxyClient.Builder base(String credentials) {
        return base(lab, credentials);
    }

    private static ProxyClient.Builder base(Lab lab, String credentials) {
        return ProxyClient.builder().proxy("https://" + credentials + "@127.0.0.1:" + lab.gatewayTlsPort())
                .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(lab.caFile()));
    }

    private String url() {
        return url(lab);
    }

    private static String url(Lab lab) {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    @Test
    void tenPerRequestSessionsGoOverOneGatewayConnectionAsTenStreamsWithTenExits() throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = base("alice:s3cret").sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.perRequest()).eventListenerFactory(call -> {
                    RecordingListener l = new RecordingListener();
                    calls.add(l);
                    return l;
                }).build()) {
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                sent.add(client.send(ProxyRequest.get(url()).withSessionKey("k" + i)));
            }
            Set<String> exits = new HashSet<>();
            Set<String> sessions = new HashSet<>();
            Set<Long> gateways = new HashSet<>();
            Set<Long> tunnels = new HashSet<>();
            for (CompletableFuture<ProxyResponse> f : sent) {
                ProxyResponse r = f.get(20, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.reused()).isFalse();
                exits.add(ProxyClientLabTest.trace("ip", r));
                sessions.add(r.session());
                gateways.add(r.connection().gatewayConnectionId());
                tunnels.add(r.connection().id());
            }
            assertThat(gateways).as("every tunnel names its gateway connection").containsExactly(1L);
            assertThat(tunnels).hasSize(10);
            assertThat(sessions).as("a session per request").hasSize(10);
            assertThat(exits).as("each stream's session has its own exit").hasSize(10);

            GatewayCounters.Snapshot g = lab.gatewayCounters();
            assertThat(g.h2ClientConnections()).as("one HTTP/2 connection to the gateway").isEqualTo(1);
            assertThat(g.clientConnections()).isEqualTo(1);
            assertThat(g.tunnels(GatewayCounters.Kind.H2_CONNECT)).isEqualTo(10);
            assertThat(g.tunnels(GatewayCounters.Kind.CONNECT)).isZero();
            assertThat(lab.targetStats().connectionsTotal()).isEqualTo(10);
            GatewayStats stats = client.gatewayStats();
            assertThat(stats.gatewayConnections()).isEqualTo(1);
            assertThat(stats.peakGatewayConnections()).isEqualTo(1);
            assertThat(stats.streamTunnels()).isEqualTo(10);
            assertThat(stats.fallbackTunnels()).isZero();

            long opened = calls.stream().filter(l -> l.events.contains("proxyTlsEnd")).count();
            assertThat(opened).as("proxy TLS once, for the call that opened the connection").isEqualTo(1);
            assertThat(calls).allSatisfy(l -> assertThat(l.events).containsSubsequence(
                    "tunnelStart:connect", "tunnelEnd:connect", "originTlsStart", "originTlsEnd:h2"));
        }
    }

    @Test
    void aTunnelOnAStreamIsReusedLikeAConnection() throws Exception {
        try (ProxyClient client = base("alice:s3cret").build()) {
            ProxyResponse first = client.send(ProxyRequest.get(url())).get(20, TimeUnit.SECONDS);
            ProxyResponse second = client.send(ProxyRequest.get(url())).get(20, TimeUnit.SECONDS);
            assertThat(second.reused()).isTrue();
            assertThat(ProxyClientLabTest.trace("ip", second)).isEqualTo(ProxyClientLabTest.trace("ip", first));
            assertThat(lab.gatewayCounters().tunnels(GatewayCounters.Kind.H2_CONNECT)).isEqualTo(1);
        }
    }

    @Test
    void aStreamRefusedWith407FailsAtConnectWithTheStatusAndTheConnectionCarriesOn() throws Exception {
        try (ProxyClient client = base("alice:s3cret").build()) {
            CallException refused = Calls.failure(client.send(ProxyRequest.get(url())
                    .withProxy(ProxySpec.parse(
                            "https://alice:wrong@127.0.0.1:" + lab.gatewayTlsPort()))));
            assertThat(refused.phase()).isEqualTo(Phase.CONNECT);
            assertThat(refused.label()).as("a refused stream's status, as for a socket tunnel")
                    .isEqualTo("connect_407");
            assertThat(refused.getCause().getMessage()).as("the proxy's own reason follows the status")
                    .matches("the proxy answered CONNECT 127\\.0\\.0\\.1:\\d+ with status 407: .+");

            assertThat(client.send(ProxyRequest.get(url())).get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(lab.gatewayCounters().h2ClientConnections()).as("the refusal was one stream's").isEqualTo(1);
        }
    }

    @Test
    void tunnelsBeyondTheProxysStreamLimitOpenMoreGatewayConnections(@TempDir Path other) throws Exception {
        try (Lab limited = Lab.start(LabConfig.builder().home(other).h2MaxStreams(4).build());
                ProxyClient client = ProxyClient.builder().proxy("https://u:p@127.0.0.1:" + limited.gatewayTlsPort())
                        .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(limited.caFile()))
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                        .build()) {
            String target = "https://127.0.0.1:" + limited.targetHttpsPort() + "/cdn-cgi/trace";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                sent.add(client.send(ProxyRequest.get(target).withSessionKey("s" + i)));
            }
            for (CompletableFuture<ProxyResponse> f : sent) {
                assertThat(f.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            }
            // Sticky sessions keep their tunnels open, so every stream slot stays taken: ceil(10 / 4) connections.
            assertThat(limited.gatewayCounters().h2ClientConnections()).isEqualTo(3);
            assertThat(limited.gatewayCounters().openTunnels()).isEqualTo(10);
            GatewayStats stats = client.gatewayStats();
            assertThat(stats.gatewayConnections()).isEqualTo(3);
            assertThat(stats.openGatewayConnections()).isEqualTo(3);
            assertThat(stats.peakGatewayConnections()).isEqualTo(3);
            assertThat(stats.streamTunnels()).isEqualTo(10);
            assertThat(stats.fallbackTunnels()).isZero();
        }
    }

    @Test
    void aProxyWithoutH2IsUsedOverHttp11AndTheFallbackIsReported(@TempDir Path other) throws Exception {
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (Lab http11 = Lab.start(LabConfig.builder().home(other).gatewayH2(false).build());
                ProxyClient client = ProxyClient.builder().proxy("https://u:p@127.0.0.1:" + http11.gatewayTlsPort())
                        .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(http11.caFile()))
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.stickyPerKey())
                        .eventListenerFactory(call -> {
                            RecordingListener l = new RecordingListener();
                            calls.add(l);
                            return l;
                        }).build()) {
            String target = "https://127.0.0.1:" + http11.targetHttpsPort() + "/cdn-cgi/trace";
            for (int i = 0; i < 3; i++) {
                ProxyResponse r = client.send(ProxyRequest.get(target).withSessionKey("s" + i)).get(20,
                        TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.connection().gatewayConnectionId()).as("a socket of its own, no stream").isZero();
            }
            assertThat(http11.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT)).isEqualTo(3);
            assertThat(http11.gatewayCounters().h2ClientConnections()).isZero();
            GatewayStats stats = client.gatewayStats();
            assertThat(stats.gatewayConnections()).isZero();
            assertThat(stats.peakGatewayConnections()).isZero();
            assertThat(stats.streamTunnels()).isZero();
            assertThat(stats.fallbackTunnels()).isEqualTo(3);
            assertThat(calls.get(0).events).containsSubsequence("proxyTlsEnd", "proxyProtocolFallback:http/1.1",
                    "connectStart", "connectEnd", "proxyTlsStart", "proxyTlsEnd", "tunnelStart:connect");
            assertThat(calls.get(1).events).doesNotContain("proxyProtocolFallback:http/1.1")
                    .containsSubsequence("connectStart", "proxyTlsEnd", "tunnelStart:connect");
        }
    }

    @Test
    void aLargeDownloadThroughAStreamDoesNotStallOnFlowControl() throws Exception {
        int size = 4 << 20;
        try (ProxyClient client = base("alice:s3cret").build()) {
            ProxyResponse r = client.send(ProxyRequest.get("https://127.0.0.1:" + lab.targetHttpsPort() + "/bytes/"
                    + size)).get(30, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyBytes()).isEqualTo(size);
            assertThat(lab.gatewayCounters().tunnels(GatewayCounters.Kind.H2_CONNECT)).isEqualTo(1);
        }
    }

    @Test
    void aStreamResetMidTunnelFailsThatCallWithTheReasonAndOthersGoOn(@TempDir Path other) throws Exception {
        try (Lab faulty = Lab.start(LabConfig.builder().home(other).faults(new FaultPlan(0, 0.5, 0, 7)).build());
                ProxyClient client = ProxyClient.builder().proxy("https://u:p@127.0.0.1:" + faulty.gatewayTlsPort())
                        .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(faulty.caFile()))
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest())
                        .build()) {
            String target = "https://127.0.0.1:" + faulty.targetHttpsPort() + "/cdn-cgi/trace";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                sent.add(client.send(ProxyRequest.get(target).withSessionKey("k" + i)));
            }
            int ok = 0;
            int reset = 0;
            for (CompletableFuture<ProxyResponse> f : sent) {
                try {
                    assertThat(f.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
                    ok++;
                } catch (ExecutionException e) {
                    CallException failed = (CallException) e.getCause();
                    assertThat(failed.phase()).isEqualTo(Phase.TLS);
                    assertThat(failed.label()).isEqualTo("tls_StreamResetException");
                    assertThat(failed.getCause()).hasMessageContaining("CONNECT_ERROR");
                    reset++;
                }
            }
            long drawn = faulty.gatewayCounters().faults().getOrDefault("reset_tls", 0L);
            assertThat(reset).as("every reset_tls draw failed its own call").isEqualTo((int) drawn).isPositive();
            assertThat(ok).as("the other streams went on").isPositive();
            assertThat(faulty.gatewayCounters().h2ClientConnections()).isEqualTo(1);
        }
    }

    @Test
    void aGatewayConnectionWithoutTunnelsClosesAfterTheKeepAliveAndItsBytesAreCounted(@TempDir Path own)
            throws Exception {
        PoolLimits shortKeepAlive = PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024)
                .keepAlive(Duration.ofMillis(200)).acquireTimeout(Duration.ofSeconds(30)).build();
        // A lab of its own: its connection count is this client's alone.
        try (Lab lab = Lab.start(LabConfig.builder().home(own).build());
                ProxyClient client = base(lab, "u:pass").limits(shortKeepAlive).build()) {
            for (int i = 0; i < 3; i++) {
                assertThat(client.send(ProxyRequest.get(url(lab))).get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            }

            Await.untilEquals(0, () -> client.gatewayStats().openGatewayConnections());
            Await.untilEquals(0, () -> lab.gatewayCounters().openH2ClientConnections());
            GatewayStats stats = client.gatewayStats();
            assertThat(stats.gatewayConnections()).isEqualTo(1);
            assertThat(stats.peakGatewayConnections()).isEqualTo(1);
            assertThat(stats.gatewayWireBytes()).as("TLS, frames and the tunnel's origin TLS and request")
                    .isGreaterThan(2_000);

            assertThat(client.send(ProxyRequest.get(url(lab))).get(20, TimeUnit.SECONDS).connection()
                    .gatewayConnectionId()).as("a new connection after the idle one closed").isEqualTo(2);
        }
    }

    @Test
    void closingTheClientClosesItsGatewayConnectionsWithTheirIdleTunnels(@TempDir Path own) throws Exception {
        // A lab of its own: its connection count is this client's alone.
        try (Lab lab = Lab.start(LabConfig.builder().home(own).build())) {
            ProxyClient client = ProxyClient.builder().proxyProtocol(ProxyProtocol.H2_PREFERRED)
                    .tls(TlsSettings.caFile(lab.caFile())).build();
            try {
                // A session each, so each tunnel stays idle in the pool under its own key: 3 connections' worth.
                for (int i = 0; i < 250; i++) {
                    ProxySpec proxy = ProxySpec.parse("https://u:p_session-c" + i + "@127.0.0.1:" + lab.gatewayTlsPort());
                    assertThat(client.send(ProxyRequest.get(url(lab)).withProxy(proxy)).get(20, TimeUnit.SECONDS)
                            .status()).isEqualTo(200);
                }
                assertThat(lab.gatewayCounters().openTunnels()).isEqualTo(250);
            } finally {
                client.close();
            }

            assertThat(client.gatewayStats().openGatewayConnections()).as("sockets left open by the client").isZero();
            Await.untilEquals(0, () -> lab.gatewayCounters().openClientConnections());
        }
    }

    @Test
    void aGoAwayCutsTheStreamsItLeftOutTheKeptOnesFinishAndNewTunnelsTakeANewConnection(@TempDir Path own)
            throws Exception {
        PoolLimits noReuse = PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024).keepAlive(Duration.ZERO)
                .acquireTimeout(Duration.ofSeconds(30)).build();
        // A lab of its own: its GOAWAY reaches this client's connection alone.
        try (Lab lab = Lab.start(LabConfig.builder().home(own).build());
                ProxyClient client = base(lab, "u:pass").limits(noReuse).sessions(
                SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest()).build()) {
            // Long enough that no kept call is done before the GOAWAY: the lab keeps the oldest streams still open.
            String slow = "https://127.0.0.1:" + lab.targetHttpsPort() + "/delay/5000";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                sent.add(client.send(ProxyRequest.get(slow).withSessionKey("g" + i)));
                // One at a time, so stream ids follow the calls: the first two are the oldest streams.
                Await.untilEquals(i + 1, () -> lab.targetStats().requestsTotal());
            }

            assertThat(lab.goAwayH2(2)).isEqualTo(1);

            for (int i = 0; i < 2; i++) {
                assertThat(sent.get(i).get(20, TimeUnit.SECONDS).status()).as("kept stream %d", i).isEqualTo(200);
            }
            for (int i = 2; i < 4; i++) {
                CallException cut = Calls.failure(sent.get(i));
                assertThat(cut.phase()).as("cut mid-request").isEqualTo(Phase.REQUEST);
                assertThat(cut).rootCause().extracting(t -> t.getClass().getSimpleName())
                        .isEqualTo("StreamResetException");
                assertThat(cut.getMessage()).contains("GOAWAY");
            }
            ProxyResponse after = client.send(ProxyRequest.get(url(lab)).withSessionKey("after")).get(20,
                    TimeUnit.SECONDS);
            assertThat(after.connection().gatewayConnectionId()).isEqualTo(2);
            Await.untilEquals(1, () -> client.gatewayStats().openGatewayConnections()); // the old one closed
            assertThat(client.gatewayStats().gatewayConnections()).isEqualTo(2);
        }
    }

    @Test
    void connectsAGoAwayLeftUnansweredAreSentAgainOnANewConnection(@TempDir Path other) throws Exception {
        try (Lab slowExits = Lab.start(LabConfig.builder().home(other).connectReply(ConnectReply.AFTER_DIAL)
                        .latency(new LatencyPlan(Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO)).build());
                ProxyClient client = ProxyClient.builder().proxy("https://u:p@127.0.0.1:" + slowExits.gatewayTlsPort())
                        .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(slowExits.caFile()))
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest())
                        .build()) {
            String target = "https://127.0.0.1:" + slowExits.targetHttpsPort() + "/cdn-cgi/trace";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sent.add(client.send(ProxyRequest.get(target).withSessionKey("s" + i)));
            }
            Await.untilEquals(3, () -> slowExits.gatewayCounters().tunnels(GatewayCounters.Kind.H2_CONNECT));

            assertThat(slowExits.goAwayH2(0)).isEqualTo(1);

            for (CompletableFuture<ProxyResponse> call : sent) {
                ProxyResponse r = call.get(20, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.connection().gatewayConnectionId()).as("sent again on a new connection").isEqualTo(2);
            }
            assertThat(client.gatewayStats().streamTunnels()).as("each CONNECT sent twice").isEqualTo(6);
        }
    }

    @Test
    void streamSlotsAreAllReturnedAfterRefusalsResetsAndAnswers(@TempDir Path other) throws Exception {
        PoolLimits shortKeepAlive = PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024)
                .keepAlive(Duration.ofMillis(100)).acquireTimeout(Duration.ofSeconds(30)).build();
        try (Lab faulty = Lab.start(LabConfig.builder().home(other).auth("alice", "s3cret")
                        .faults(new FaultPlan(0.3, 0.3, 0, 11)).build());
                ProxyClient client = ProxyClient.builder().proxy("https://alice:s3cret@127.0.0.1:"
                        + faulty.gatewayTlsPort()).proxyProtocol(ProxyProtocol.H2_PREFERRED)
                        .tls(TlsSettings.caFile(faulty.caFile())).limits(shortKeepAlive)
                        .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest())
                        .build()) {
            String target = "https://127.0.0.1:" + faulty.targetHttpsPort() + "/cdn-cgi/trace";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                sent.add(client.send(ProxyRequest.get(target).withSessionKey("k" + i)));
            }
            sent.add(client.send(ProxyRequest.get(target).withProxy(ProxySpec.parse(
                    "https://alice:wrong@127.0.0.1:" + faulty.gatewayTlsPort()))));
            CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).handle((r, e) -> null)
                    .get(30, TimeUnit.SECONDS);
            assertThat(sent).as("some answered, some failed").anyMatch(f -> !f.isCompletedExceptionally())
                    .anyMatch(CompletableFuture::isCompletedExceptionally);

            // A slot kept by any failed or finished tunnel would hold its connection open past the keep-alive.
            Await.untilEquals(0, () -> client.gatewayStats().openGatewayConnections());
            Await.untilEquals(0, () -> faulty.gatewayCounters().openH2ClientConnections());
        }
    }

    @Test
    void closedTunnelsEndTheirStreamsWithoutResetsSoAProxysRapidResetGuardNeverTrips() throws Exception {
        // Netty's HTTP/2 server, the lab's included, closes a connection after 200 RST_STREAM frames in 30 s.
        PoolLimits noReuse = PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024).keepAlive(Duration.ZERO)
                .acquireTimeout(Duration.ofSeconds(30)).build();
        try (ProxyClient client = base("alice:s3cret").limits(noReuse).sessions(
                SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest()).build()) {
            int tunnels = 300;
            for (int batch = 0; batch < tunnels / 10; batch++) {
                List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    sent.add(client.send(ProxyRequest.get(url()).withSessionKey("r" + batch + "-" + i)));
                }
                for (CompletableFuture<ProxyResponse> f : sent) {
                    assertThat(f.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
                }
            }
            assertThat(lab.gatewayCounters().tunnels(GatewayCounters.Kind.H2_CONNECT)).isEqualTo(tunnels);
            assertThat(lab.gatewayCounters().h2ClientConnections()).as("one connection carried them all")
                    .isEqualTo(1);
            assertThat(client.gatewayStats().gatewayConnections()).isEqualTo(1);
        }
    }

    @Test
    void losingTheGatewayConnectionFailsEachOfItsTunnelsAtItsOwnPhase(@TempDir Path other) throws Exception {
        Lab stalling = Lab.start(LabConfig.builder().home(other).faults(new FaultPlan(0, 0, 1, 3)).build());
        try (ProxyClient client = ProxyClient.builder().proxy("https://u:p@127.0.0.1:" + stalling.gatewayTlsPort())
                .proxyProtocol(ProxyProtocol.H2_PREFERRED).tls(TlsSettings.caFile(stalling.caFile()))
                .sessions(SessionTemplate.parse("{pass}_session-{id}"), SessionRouter.perRequest()).build()) {
            String target = "https://127.0.0.1:" + stalling.targetHttpsPort() + "/cdn-cgi/trace";
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                sent.add(client.send(ProxyRequest.get(target).withSessionKey("s" + i)));
            }
            Await.untilEquals(3, () -> stalling.gatewayCounters().openTunnels());

            stalling.close();

            for (CompletableFuture<ProxyResponse> call : sent) {
                CallException lost = Calls.failure(call);
                assertThat(lost.phase()).as("stalled in the origin handshake").isEqualTo(Phase.TLS);
                assertThat(lost).hasMessageContaining("the HTTP/2 connection to the proxy closed under the tunnel");
            }
            Await.untilEquals(0, () -> client.gatewayStats().openGatewayConnections());
        } finally {
            stalling.close();
        }
    }
}
