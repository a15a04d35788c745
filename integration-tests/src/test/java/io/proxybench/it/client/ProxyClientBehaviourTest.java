package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.CallException;
import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.ScriptedOrigin;
import io.proxybench.lab.faults.FaultPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retries, queueing, session routing and failure phases of the client, through the lab. */
class ProxyClientBehaviourTest {

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

    private ProxyClient.Builder base() {
        return ProxyClient.builder().proxy("http://alice:s3cret@127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile()).withAlpn(TlsSettings.HTTP11_ONLY));
    }

    private String url() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    private static ProxyResponse get(ProxyClient client, ProxyRequest request) throws Exception {
        return client.send(request).get(20, TimeUnit.SECONDS);
    }


    @Test
    void aReusedConnectionThatDiesBeforeAnsweringIsRetriedOnceAndCounted() throws Exception {
        try (ScriptedOrigin origin = new ScriptedOrigin(sock -> {
            ScriptedOrigin.readHead(sock.getInputStream());
            ScriptedOrigin.write(sock, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
            ScriptedOrigin.readHead(sock.getInputStream());
        }); ProxyClient client = base().forceConnect(true).build()) {
            String uri = "http://127.0.0.1:" + origin.port() + "/";
            assertThat(get(client, ProxyRequest.get(uri)).attempt()).isEqualTo(1);
            ProxyResponse second = get(client, ProxyRequest.get(uri));
            assertThat(second.status()).isEqualTo(200);
            assertThat(second.attempt()).isEqualTo(2);
            assertThat(second.reused()).isFalse();
            assertThat(client.counters().total().retries()).isEqualTo(1);
        }
    }

    @Test
    void waitingForAPoolSlotIsItsOwnPhase() throws Exception {
        PoolLimits one = PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(Duration.ofSeconds(30))
                .acquireTimeout(Duration.ofSeconds(10)).build();
        List<RecordingListener> calls = new CopyOnWriteArrayList<>();
        try (ProxyClient client = base().limits(one).eventListenerFactory(call -> {
            RecordingListener l = new RecordingListener();
            calls.add(l);
            return l;
        }).build()) {
            String slow = "https://127.0.0.1:" + lab.targetHttpsPort() + "/delay/300";
            CompletableFuture<ProxyResponse> first = client.send(ProxyRequest.get(slow));
            CompletableFuture<ProxyResponse> second = client.send(ProxyRequest.get(slow));
            ProxyResponse waited = second.get(20, TimeUnit.SECONDS);
            assertThat(first.get(20, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(waited.timings().get(Phase.QUEUE)).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(200));
            assertThat(waited.reused()).isTrue();
            assertThat(calls.get(1).events).containsSubsequence("proxySelected", "queueStart", "queueEnd",
                    "connectionAcquired:reused");
        }
    }

    @Test
    void aBlockedSessionMovesToANewExit() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.stickyPerKey()).build()) {
            String before = ProxyClientLabTest.trace("ip", get(client, ProxyRequest.get(url()).withSessionKey("w1")));
            assertThat(ProxyClientLabTest.trace("ip", get(client, ProxyRequest.get(url()).withSessionKey("w1"))))
                    .isEqualTo(before);
            client.markBlocked("w1");
            String after = ProxyClientLabTest.trace("ip", get(client, ProxyRequest.get(url()).withSessionKey("w1")));
            assertThat(after).isNotEqualTo(before);
        }
    }

    @Test
    void warmUpGivesEverySessionItsConnectionBeforeTraffic() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}"),
                SessionRouter.stickyPerKey()).build()) {
            client.warmUp(List.of("a", "b", "c"), url()).get(20, TimeUnit.SECONDS);
            assertThat(client.counters().total().created()).isEqualTo(3);
            for (String key : List.of("a", "b", "c")) {
                assertThat(get(client, ProxyRequest.get(url()).withSessionKey(key)).reused()).isTrue();
            }
        }
    }

    @Test
    void wrongCredentialsFailInTheConnectPhaseWithoutThePassword() throws Exception {
        try (ProxyClient client = ProxyClient.builder().proxy("http://alice:hunter2@127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile())).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(url())));
            assertThat(e.phase()).isEqualTo(Phase.CONNECT);
            assertThat(e.label()).startsWith("connect_");
            assertThat(e.getMessage()).contains("407").doesNotContain("hunter2");
        }
        try (ProxyClient client = ProxyClient.builder().proxy("socks5h://alice:hunter2@127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile())).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(url())));
            assertThat(e.phase()).isEqualTo(Phase.SOCKS);
            assertThat(e.getMessage()).doesNotContain("hunter2");
        }
    }

    @Test
    void eachFaultIsLabelledWithItsPhase() throws Exception {
        try (Lab refusing = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(1, 0, 0, 1)).build());
                ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + refusing.gatewayPort())
                        .tls(TlsSettings.caFile(refusing.caFile())).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(
                    "https://127.0.0.1:" + refusing.targetHttpsPort() + "/cdn-cgi/trace")));
            assertThat(e.phase()).isEqualTo(Phase.CONNECT);
            assertThat(e.getMessage()).contains("502");
        }
        try (Lab resetting = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(0, 1, 0, 1)).build());
                ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + resetting.gatewayPort())
                        .tls(TlsSettings.caFile(resetting.caFile())).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(
                    "https://127.0.0.1:" + resetting.targetHttpsPort() + "/cdn-cgi/trace")));
            assertThat(e.phase()).isEqualTo(Phase.TLS);
        }
    }

    @Test
    void anUnreachableProxyFailsInTheTcpPhase() throws Exception {
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (ProxyClient client = ProxyClient.builder().proxy("http://u:hunter2@127.0.0.1:" + closed).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(url())));
            assertThat(e.phase()).isEqualTo(Phase.TCP);
            assertThat(e.getMessage()).doesNotContain("hunter2");
        }
    }

    @Test
    void aSessionLifetimeSetsTheKeepAliveWhenAskedForWhateverTheLimits() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}")
                .withLifetime(Duration.ofSeconds(1)), SessionRouter.stickyPerKey())
                .limits(PoolLimits.builder().keepAlive(Duration.ofMinutes(5)).build())
                .keepAliveForSessionLifetime(true).build()) {
            get(client, ProxyRequest.get(url()).withSessionKey("short"));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (client.counters().total().closedByReason().getOrDefault("idle_timeout", 0L) == 0
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(client.counters().total().closedByReason()).containsEntry("idle_timeout", 1L);
        }
    }

    @Test
    void aSessionLifetimeLeavesTheKeepAliveAloneByDefault() throws Exception {
        try (ProxyClient client = base().sessions(SessionTemplate.parse("{pass}_session-{id}_lifetime-{lifetime}")
                .withLifetime(Duration.ofSeconds(1)), SessionRouter.stickyPerKey()).build()) {
            get(client, ProxyRequest.get(url()).withSessionKey("short"));
            Thread.sleep(1_500);
            assertThat(get(client, ProxyRequest.get(url()).withSessionKey("short")).reused())
                    .as("kept for the pool's 60 s, not the session's 1 s").isTrue();
            assertThat(client.counters().total().closedByReason()).doesNotContainKey("idle_timeout");
        }
    }

    @Test
    void badRequestsFailBeforeAnyConnection() {
        try (ProxyClient client = base().build()) {
            assertThatThrownBy(() -> client.send(ProxyRequest.get("ftp://example/")).get(5, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(CallException.class).hasMessageContaining("is not http:// or https://");
        }
    }
}
