package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Injected faults and latency, each in a lab of its own. Timing is only checked from below. */
class FaultsIntegrationTest {

    @TempDir
    Path home;

    private Lab lab(LabConfig.Builder b) throws InterruptedException {
        return Lab.start(b.home(home).build());
    }

    @Test
    void refusedTunnelsGet502AndAreCounted() throws Exception {
        try (Lab lab = lab(LabConfig.builder().faults(new FaultPlan(1, 0, 0, 7)))) {
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isEqualTo(502);
            }
            try (LabClient.Tunnel t = new LabClient(lab).socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isEqualTo(5);
            }
            assertThat(lab.gatewayCounters().faults()).containsEntry("refuse", 2L);
        }
    }

    @Test
    void resetTunnelsFailTheTlsHandshake() throws Exception {
        try (Lab lab = lab(LabConfig.builder().faults(new FaultPlan(0, 1, 0, 7)))) {
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isEqualTo(200);
                assertThatThrownBy(() -> t.get("/cdn-cgi/trace")).isInstanceOf(IOException.class);
            }
            assertThat(lab.gatewayCounters().faults()).containsEntry("reset_tls", 1L);
        }
    }

    @Test
    void stalledTunnelsNeverAnswer() throws Exception {
        try (Lab lab = lab(LabConfig.builder().faults(new FaultPlan(0, 0, 1, 7)))) {
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isEqualTo(200);
                t.socket().setSoTimeout(500);
                assertThatThrownBy(() -> t.get("/cdn-cgi/trace")).isInstanceOf(SocketTimeoutException.class);
            }
            awaitNoOpenTunnel(lab);
        }
    }

    @Test
    void aFaultyTunnelClosesWhenItsClientDoes() throws Exception {
        try (Lab lab = lab(LabConfig.builder().faults(new FaultPlan(0, 0, 1, 7)))) {
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                assertThat(t.reply().status()).isEqualTo(200);
                assertThat(lab.gatewayCounters().openTunnels()).isEqualTo(1);
            }
            awaitNoOpenTunnel(lab);
        }
    }

    /** Waits (up to 5 s) for the gateway to count no open tunnel and no open client connection. */
    private static void awaitNoOpenTunnel(Lab lab) throws InterruptedException {
        for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; Thread.sleep(20)) {
            if (lab.gatewayCounters().openTunnels() == 0 && lab.gatewayCounters().openClientConnections() == 0) {
                return;
            }
        }
        assertThat(lab.gatewayCounters().openTunnels()).as("open tunnels").isZero();
        assertThat(lab.gatewayCounters().openClientConnections()).as("open client connections").isZero();
    }

    @Test
    void aRestartedGatewayDropsItsTunnelsRefusesWhileDownAndKeepsItsPortsAndSessions() throws Exception {
        try (Lab lab = lab(LabConfig.builder())) {
            LabClient client = new LabClient(lab);
            String target = "127.0.0.1:" + lab.targetHttpsPort();
            int port = lab.gatewayPort();
            int tlsPort = lab.gatewayTlsPort();
            String exitBefore;
            try (LabClient.Tunnel open = client.connect("user:pass_session-r1", target)) {
                exitBefore = open.get("/cdn-cgi/trace").trace("ip");
                Thread restart = new Thread(() -> {
                    try {
                        lab.restartGateway(Duration.ofSeconds(2));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                restart.start();
                assertThat(closedByPeer(open.socket())).as("the open tunnel is closed").isTrue();
                assertThatThrownBy(client::gatewaySocket).as("refused while down")
                        .isInstanceOf(java.net.ConnectException.class);
                restart.join(10_000);
                assertThat(restart.isAlive()).isFalse();
            }
            assertThat(lab.gatewayPort()).isEqualTo(port);
            assertThat(lab.gatewayTlsPort()).isEqualTo(tlsPort);
            assertThat(lab.openGatewayConnections()).isZero();
            try (LabClient.Tunnel again = client.connect("user:pass_session-r1", target)) {
                assertThat(again.get("/cdn-cgi/trace").trace("ip")).as("the session kept its exit")
                        .isEqualTo(exitBefore);
            }
            assertThat(lab.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT)).isEqualTo(2);
        }
    }

    /** Whether the peer closes {@code socket} within 5 s: end of stream or a reset. */
    private static boolean closedByPeer(java.net.Socket socket) throws IOException {
        socket.setSoTimeout(5_000);
        try {
            return socket.getInputStream().read() == -1;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    @Test
    void afterDialRepliesReport502WhenTheExitCannotConnect() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        try (Lab lab = lab(LabConfig.builder().connectReply(ConnectReply.AFTER_DIAL))) {
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + closedPort)) {
                assertThat(t.reply().status()).isEqualTo(502);
            }
            assertThat(lab.gatewayCounters().upstreamDialFailures()).isEqualTo(1);
        }
    }

    @Test
    void earlyRepliesAnswerBeforeTheExitDials() throws Exception {
        Duration setup = Duration.ofMillis(300);
        try (Lab lab = lab(LabConfig.builder()
                .latency(new LatencyPlan(Duration.ZERO, setup, Duration.ZERO)))) {
            LabClient client = new LabClient(lab);
            long start = System.nanoTime();
            try (LabClient.Tunnel t = client.connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                long replied = System.nanoTime();
                assertThat(t.reply().status()).isEqualTo(200);
                assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
                long answered = System.nanoTime();
                assertThat(Duration.ofNanos(answered - start)).isGreaterThanOrEqualTo(setup);
                assertThat(Duration.ofNanos(answered - replied)).isGreaterThanOrEqualTo(setup.minusMillis(20));
            }
        }
    }

    @Test
    void aWarmStickySessionSkipsTheExitSetupThatEveryRotatingTunnelPays() throws Exception {
        Duration setup = Duration.ofSeconds(1);
        try (Lab lab = lab(LabConfig.builder().latency(new LatencyPlan(Duration.ZERO, setup, Duration.ZERO)))) {
            LabClient client = new LabClient(lab);
            String target = "127.0.0.1:" + lab.targetHttpsPort();
            Duration warmUp = tunnelRequest(client, "user:pass_session-warm1", target);
            Duration warm = tunnelRequest(client, "user:pass_session-warm1", target);
            Duration rotating = tunnelRequest(client, "user:pass", target);
            assertThat(warmUp).as("the session's first tunnel sets its exit up").isGreaterThanOrEqualTo(setup);
            assertThat(rotating).as("a rotating tunnel sets a new exit up").isGreaterThanOrEqualTo(setup);
            assertThat(warm).as("the session's next tunnel finds its exit set up").isLessThan(setup.dividedBy(2));
            assertThat(lab.gatewayCounters().upstreamDials()).as("each tunnel still dials").isEqualTo(3);
        }
    }

    /**
     * From before a new tunnel's CONNECT is sent until its trace answered (the tunnel, TLS through it and one
     * request). The gateway chooses the exit, and starts a new one's setup, after the CONNECT arrives: so a new
     * exit's setup is a lower bound of this time (not of the time from the reply, which the client reads later).
     */
    private static Duration tunnelRequest(LabClient client, String credentials, String target) throws IOException {
        long start = System.nanoTime();
        try (LabClient.Tunnel t = client.connect(credentials, target)) {
            assertThat(t.reply().status()).isEqualTo(200);
            assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
            return Duration.ofNanos(System.nanoTime() - start);
        }
    }

    @Test
    void injectedLatencyIsPaidPerLeg() throws Exception {
        Duration clientRtt = Duration.ofMillis(100);
        Duration targetRtt = Duration.ofMillis(100);
        try (Lab lab = lab(LabConfig.builder().connectReply(ConnectReply.AFTER_DIAL)
                .latency(new LatencyPlan(clientRtt, Duration.ZERO, targetRtt)))) {
            long start = System.nanoTime();
            try (LabClient.Tunnel t = new LabClient(lab).connect(null, "127.0.0.1:" + lab.targetHttpsPort())) {
                // The CONNECT reply waits one client round trip, after a dial that costs one target round trip.
                assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(clientRtt.plus(targetRtt));
                long before = System.nanoTime();
                assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
                // The TLS handshake and the request each pay both round trips at least once.
                assertThat(Duration.ofNanos(System.nanoTime() - before))
                        .isGreaterThanOrEqualTo(clientRtt.plus(targetRtt).multipliedBy(2));
            }
        }
    }
}
