package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient.Response;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.target.StatsSnapshot;
import io.proxybench.net.TlsEngine;
import io.proxybench.net.Transport;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway and target together, in-process, driven by a plain socket client. */
class GatewayIntegrationTest {

    @TempDir
    static Path home;

    static Lab lab;
    static LabClient client;
    static String tls;
    static String http;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).limited(4, 0.01).build());
        client = new LabClient(lab);
        tls = "127.0.0.1:" + lab.targetHttpsPort();
        http = "http://127.0.0.1:" + lab.targetHttpPort();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void runsOnTheTransportAndTlsEngineAskedFor() {
        String asked = System.getProperty(Transport.PROPERTY, "");
        if (!asked.isBlank()) {
            assertThat(Transport.current().name()).isEqualTo(asked);
            assertThat(lab.transport().name()).isEqualTo(asked);
        } else {
            assertThat(lab.transport()).isEqualTo(Transport.servers());
        }
        if ("jdk".equals(System.getProperty(TlsEngine.PROPERTY))) {
            assertThat(TlsEngine.current().provider()).isEqualTo(io.netty.handler.ssl.SslProvider.JDK);
        }
    }

    @Test
    void rotatingTunnelsGetDifferentExits() throws Exception {
        Set<String> ips = new HashSet<>();
        for (int i = 0; i < 20; i++) {
            try (LabClient.Tunnel t = client.connect(null, tls)) {
                assertThat(t.reply().status()).isEqualTo(200);
                Response r = t.get("/cdn-cgi/trace");
                assertThat(r.status()).isEqualTo(200);
                assertThat(lab.exits().at(InetAddress.getByName(r.trace("ip")))).isPresent();
                ips.add(r.trace("ip"));
            }
        }
        assertThat(ips).hasSize(20);
    }

    @Test
    void requestsOnOneTunnelShareItsExitAndConnection() throws Exception {
        try (LabClient.Tunnel t = client.connect(null, tls)) {
            Response first = t.get("/cdn-cgi/trace");
            Response second = t.get("/cdn-cgi/trace");
            assertThat(second.trace("ip")).isEqualTo(first.trace("ip"));
            assertThat(second.trace("conn")).isEqualTo(first.trace("conn"));
            assertThat(second.trace("req")).isEqualTo("2");
        }
    }

    @Test
    void oneStickySessionKeepsOneExitAcross100ConcurrentTunnels() throws Exception {
        int tunnels = 100;
        ExecutorService pool = Executors.newFixedThreadPool(tunnels);
        CyclicBarrier together = new CyclicBarrier(tunnels);
        try {
            List<Future<String>> ips = new ArrayList<>();
            for (int i = 0; i < tunnels; i++) {
                ips.add(pool.submit(() -> {
                    together.await(10, TimeUnit.SECONDS);
                    try (LabClient.Tunnel t = client.connect("user:pass_session-burst100", tls)) {
                        return t.get("/cdn-cgi/trace").trace("ip");
                    }
                }));
            }
            Set<String> distinct = new HashSet<>();
            for (Future<String> f : ips) {
                distinct.add(f.get(30, TimeUnit.SECONDS));
            }
            assertThat(distinct).hasSize(1);
            assertThat(lab.exits().at(InetAddress.getByName(distinct.iterator().next()))).isPresent();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void sessionsOfDifferentAccountsOrIdsGetDifferentExits() throws Exception {
        String a = traceIp("alice:pw_session-x");
        String b = traceIp("bob:pw_session-x");
        String c = traceIp("alice:pw_session-y");
        assertThat(traceIp("alice:pw_session-x")).isEqualTo(a);
        assertThat(Set.of(a, b, c)).hasSize(3);
    }

    @Test
    void socks5SharesStickySessionsWithHttpConnect() throws Exception {
        String viaConnect = traceIp("user-session-mixed:pass");
        try (LabClient.Tunnel t = client.socks5("user-session-mixed", "pass", "localhost", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).isZero();
            assertThat(t.get("/cdn-cgi/trace").trace("ip")).isEqualTo(viaConnect);
        }
    }

    @Test
    void socks5WithoutCredentialsRotates() throws Exception {
        Set<String> ips = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            try (LabClient.Tunnel t = client.socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isZero();
                ips.add(t.get("/cdn-cgi/trace").trace("ip"));
            }
        }
        assertThat(ips).hasSize(5);
    }

    @Test
    void countryFilterIsHonoured() throws Exception {
        for (String country : List.of("DE", "US")) {
            try (LabClient.Tunnel t = client.connect("user:pass_country-" + country, tls)) {
                assertThat(t.get("/cdn-cgi/trace").trace("loc")).isEqualTo(country);
            }
        }
    }

    @Test
    void countryWithoutExitsIsA502NamingIt() throws Exception {
        try (LabClient.Tunnel t = client.connect("user:pass_country-ZZ", tls)) {
            assertThat(t.reply().status()).isEqualTo(502);
        }
        try (Socket s = client.gatewaySocket()) {
            Response r = LabClient.forward(s, http + "/cdn-cgi/trace", "user:pass_country-ZZ");
            assertThat(r.status()).isEqualTo(502);
            assertThat(r.body()).contains("no exit in country ZZ");
        }
    }

    @Test
    void forwardModeRotatesPerRequestOnOneClientConnection() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            Set<String> ips = new HashSet<>();
            for (int i = 0; i < 5; i++) {
                Response r = LabClient.forward(s, http + "/cdn-cgi/trace", null);
                assertThat(r.status()).isEqualTo(200);
                ips.add(r.trace("ip"));
            }
            assertThat(ips).hasSize(5);
        }
    }

    @Test
    void forwardModeWithAStickySessionReusesTheUpstreamConnection() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            Response first = LabClient.forward(s, http + "/cdn-cgi/trace", "u:p_session-fwdreuse");
            Response second = LabClient.forward(s, http + "/cdn-cgi/trace", "u:p_session-fwdreuse");
            assertThat(second.trace("ip")).isEqualTo(first.trace("ip"));
            assertThat(second.trace("conn")).isEqualTo(first.trace("conn"));
            assertThat(second.trace("req")).isEqualTo("2");
        }
    }

    @Test
    void forwardModeClosesTheClientConnectionWhenAsked() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            s.getOutputStream().write(("GET " + http + "/cdn-cgi/trace HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            Response r = LabClient.readResponse(s.getInputStream(), false);
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.headers()).containsEntry("connection", "close");
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void limitedAnswers429PastTheBucket() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            List<Integer> statuses = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                statuses.add(LabClient.forward(s, http + "/limited", "u:p_session-limited").status());
            }
            assertThat(statuses).containsExactly(200, 200, 200, 200, 429, 429);
        }
    }

    @Test
    void destinationsOutsideLoopbackAreRefusedNamingTheRule() throws Exception {
        try (LabClient.Tunnel t = client.connect(null, "10.1.2.3:443")) {
            assertThat(t.reply().status()).isEqualTo(403);
        }
        try (Socket s = client.gatewaySocket()) {
            Response r = LabClient.forward(s, "http://192.0.2.7/", null);
            assertThat(r.status()).isEqualTo(403);
            assertThat(r.body()).contains("127.0.0.0/8").contains("--allow-destination");
        }
        try (LabClient.Tunnel t = client.socks5(null, null, "198.51.100.1", 443)) {
            assertThat(t.reply().status()).isEqualTo(2);
        }
    }

    @Test
    void malformedRequestsGet400WithTheReason() throws Exception {
        try (LabClient.Tunnel t = client.connect(null, "no-port-here")) {
            assertThat(t.reply().status()).isEqualTo(400);
        }
        try (Socket s = client.gatewaySocket()) {
            Response r = LabClient.forward(s, "/relative/path", null);
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body()).contains("absolute URI");
        }
        try (Socket s = client.gatewaySocket()) {
            Response r = LabClient.forward(s, http + "/", "u:p_session-a_wat-1");
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.body()).contains("unknown session parameter (in the password, not shown)");
        }
    }

    @Test
    void oversizedRequestHeadsGet431() throws Exception {
        try (Socket s = client.gatewaySocket()) {
            String big = "x".repeat(10_000);
            s.getOutputStream().write(("GET " + http + "/ HTTP/1.1\r\nHost: a\r\nX-Big: " + big + "\r\n\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            assertThat(LabClient.readResponse(s.getInputStream(), false).status()).isEqualTo(431);
        }
    }

    @Test
    void countersTrackTunnelsDialsAndExits() throws Exception {
        GatewayCounters.Snapshot before = lab.gatewayCounters();
        String ip = traceIp("u:p_session-counted");
        try (Socket s = client.gatewaySocket()) {
            LabClient.forward(s, http + "/cdn-cgi/trace", null);
        }
        GatewayCounters.Snapshot after = lab.gatewayCounters();
        assertThat(after.tunnels(GatewayCounters.Kind.CONNECT) - before.tunnels(GatewayCounters.Kind.CONNECT))
                .isGreaterThanOrEqualTo(1);
        assertThat(after.tunnels(GatewayCounters.Kind.FORWARD) - before.tunnels(GatewayCounters.Kind.FORWARD))
                .isGreaterThanOrEqualTo(1);
        assertThat(after.upstreamDials()).isGreaterThan(before.upstreamDials());
        assertThat(after.tunnelsPerExit()).containsKey(ip);
        StatsSnapshot stats = lab.targetStats();
        assertThat(stats.perIp()).containsKey(ip);
    }

    static String traceIp(String credentials) throws Exception {
        try (LabClient.Tunnel t = client.connect(credentials, tls)) {
            assertThat(t.reply().status()).isEqualTo(200);
            return t.get("/cdn-cgi/trace").trace("ip");
        }
    }
}
