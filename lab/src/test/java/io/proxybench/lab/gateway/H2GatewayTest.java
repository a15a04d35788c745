package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.Http2Error;
import io.proxybench.client.testing.Await;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient.Response;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.gateway.GatewayCounters.Kind;
import io.proxybench.lab.gateway.H2ProxyConnection.Tunnel;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HTTP/2 CONNECT streams on the gateway's {@code https://} port, driven by Netty's HTTP/2 client: many tunnels on one
 * client connection, each with its own session and exit, refusals and resets that stay on their stream.
 */
class H2GatewayTest {

    private static final String USER = "user:pass";

    @TempDir
    static Path home;

    private Lab lab;
    private final List<H2ProxyConnection> connections = new ArrayList<>();

    private H2ProxyConnection start(LabConfig.Builder config) throws Exception {
        lab = Lab.start(config.home(home).auth("user", "pass").build());
        return connect();
    }

    private H2ProxyConnection start() throws Exception {
        return start(LabConfig.builder());
    }

    private H2ProxyConnection connect() throws Exception {
        H2ProxyConnection c = new H2ProxyConnection(lab);
        connections.add(c);
        return c;
    }

    @AfterEach
    void stop() {
        connections.forEach(H2ProxyConnection::close);
        if (lab != null) {
            lab.close();
        }
    }

    private String target() {
        return "127.0.0.1:" + lab.targetHttpsPort();
    }

    /** Opens {@code n} CONNECT streams with {@code credentials} and GETs a trace through each, all at once. */
    private List<Response> traces(H2ProxyConnection c, String credentials, int n) throws Exception {
        List<CompletableFuture<Response>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Tunnel t = c.open(credentials, target());
            answers.add(t.get("/cdn-cgi/trace"));
        }
        List<Response> out = new ArrayList<>();
        for (CompletableFuture<Response> a : answers) {
            out.add(a.get(H2ProxyConnection.WAIT_SECONDS, TimeUnit.SECONDS));
        }
        return out;
    }

    @Test
    void twentyStreamsOnOneConnectionAreTwentyTunnelsWithTwentyExits() throws Exception {
        H2ProxyConnection c = start();
        Set<String> ips = new HashSet<>();
        for (Response r : traces(c, USER, 20)) {
            assertThat(r.status()).isEqualTo(200);
            assertThat(lab.exits().at(InetAddress.getByName(r.trace("ip")))).isPresent();
            ips.add(r.trace("ip"));
        }
        assertThat(ips).as("a rotating exit per stream").hasSize(20);
        GatewayCounters.Snapshot g = lab.gatewayCounters();
        assertThat(g.tunnels(Kind.H2_CONNECT)).isEqualTo(20);
        assertThat(g.tunnels(Kind.CONNECT)).isZero();
        assertThat(g.clientConnections()).isEqualTo(1);
        assertThat(g.h2ClientConnections()).isEqualTo(1);
        assertThat(g.openH2ClientConnections()).isEqualTo(1);
        assertThat(g.openTunnels()).isEqualTo(20);
        assertThat(lab.targetStats().connectionsTotal()).as("one target connection per tunnel").isEqualTo(20);
        assertThat(GatewayAdmin.json(g)).contains("\"h2_client_connections\":1", "\"h2_connect\":20");
    }

    @Test
    void oneSessionKeepsOneExitAcrossStreams() throws Exception {
        H2ProxyConnection c = start();
        Set<String> ips = new HashSet<>();
        Set<String> targetConnections = new HashSet<>();
        for (Response r : traces(c, "user:pass_session-h2sticky", 20)) {
            ips.add(r.trace("ip"));
            targetConnections.add(r.trace("conn"));
        }
        assertThat(ips).hasSize(1);
        assertThat(targetConnections).as("still a tunnel per stream").hasSize(20);
        assertThat(lab.gatewayCounters().tunnels(Kind.H2_CONNECT)).isEqualTo(20);
    }

    @Test
    void aLargeDownloadWaitsOnItsStreamWindowWhileOtherStreamsAnswer() throws Exception {
        H2ProxyConnection c = start();
        Tunnel big = c.open(USER, target());
        assertThat(big.getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        big.reading(false);
        CompletableFuture<Response> download = big.get("/bytes/4194304");
        for (int i = 0; i < 3; i++) {
            Tunnel other = c.open(USER, target());
            assertThat(other.getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        }
        assertThat(download).as("4 MB cannot pass a stream window nobody gives back").isNotDone();
        big.reading(true);
        Response r = download.get(H2ProxyConnection.WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.body()).hasSize(4 * 1024 * 1024);
        assertThat(big.getNow("/cdn-cgi/trace").trace("req")).as("the stream goes on").isEqualTo("3");
    }

    @Test
    void badCredentialsAre407OnThatStreamOnly() throws Exception {
        H2ProxyConnection c = start();
        Tunnel good = c.open(USER, target());
        assertThat(good.getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        Tunnel bad = c.open("user:wrong", target());
        assertThat(bad.status()).isEqualTo(407);
        assertThat(bad.body()).contains("proxy authentication required");
        assertThat(bad.resetCode()).isEqualTo(Http2Error.NO_ERROR);
        Tunnel none = c.open(null, target());
        assertThat(none.status()).isEqualTo(407);
        assertThat(good.getNow("/cdn-cgi/trace").trace("req")).isEqualTo("2");
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        GatewayCounters.Snapshot g = lab.gatewayCounters();
        assertThat(g.authFailures()).isEqualTo(2);
        assertThat(g.tunnels(Kind.H2_CONNECT)).isEqualTo(2);
        assertThat(g.clientConnections()).isEqualTo(1);
    }

    @Test
    void aConnectWithSchemeAndPathOrAnotherMethodIsRefused() throws Exception {
        H2ProxyConnection c = start();
        Tunnel withPath = c.open(USER, target(), new DefaultHttp2Headers().scheme("https").path("/"));
        assertThat(withPath.resetCode()).isEqualTo(Http2Error.PROTOCOL_ERROR);
        Tunnel get = c.request(new DefaultHttp2Headers().method("GET").scheme("https").authority(target()).path("/")
                .set("proxy-authorization", H2ProxyConnection.basic(USER)));
        assertThat(get.status()).isEqualTo(405);
        Tunnel badAuthority = c.open(USER, "no-port-here");
        assertThat(badAuthority.status()).isEqualTo(400);
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().tunnels(Kind.H2_CONNECT)).isEqualTo(1);
        assertThat(lab.gatewayCounters().badRequests()).isEqualTo(3);
    }

    @Test
    void refusedDestinationIs403AndAFailedDialIs502OnItsStream() throws Exception {
        H2ProxyConnection c = start(LabConfig.builder().connectReply(ConnectReply.AFTER_DIAL));
        Tunnel outside = c.open(USER, "192.0.2.1:443");
        assertThat(outside.status()).isEqualTo(403);
        Tunnel closed = c.open(USER, "127.0.0.1:" + closedPort());
        assertThat(closed.status()).isEqualTo(502);
        assertThat(closed.body()).contains("could not connect");
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().refusedDestinations()).isEqualTo(1);
    }

    @Test
    void withAnEarlyReplyAFailedDialResetsTheStreamWithConnectError() throws Exception {
        H2ProxyConnection c = start();
        Tunnel closed = c.open(USER, "127.0.0.1:" + closedPort());
        assertThat(closed.status()).isEqualTo(200);
        assertThat(closed.resetCode()).isEqualTo(Http2Error.CONNECT_ERROR);
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
    }

    @Test
    void aResetStreamClosesItsUpstreamOnly() throws Exception {
        H2ProxyConnection c = start();
        List<Tunnel> tunnels = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Tunnel t = c.open(USER, target());
            assertThat(t.getNow("/cdn-cgi/trace").status()).isEqualTo(200);
            tunnels.add(t);
        }
        assertThat(lab.targetStats().openConnections()).isEqualTo(3);
        tunnels.get(0).cancel();
        Await.untilEquals(2, () -> lab.targetStats().openConnections());
        Await.untilEquals(2, () -> lab.gatewayCounters().openTunnels());
        for (Tunnel t : tunnels.subList(1, 3)) {
            assertThat(t.getNow("/cdn-cgi/trace").trace("req")).isEqualTo("2");
        }
    }

    @Test
    void aConnectionThatResetsMoreStreamsThanTheGuardAllowsIsClosed() throws Exception {
        H2ProxyConnection c = start(LabConfig.builder().h2MaxResets(3));
        for (int i = 0; i < 3; i++) {
            Tunnel t = c.open(USER, target());
            assertThat(t.status()).isEqualTo(200);
            t.cancel();
        }
        Tunnel stillServed = c.open(USER, target());
        assertThat(stillServed.status()).as("three resets are within the guard").isEqualTo(200);
        assertThat(lab.gatewayCounters().openH2ClientConnections()).isEqualTo(1);

        stillServed.cancel();
        Await.untilEquals(0, () -> lab.gatewayCounters().openH2ClientConnections());
    }

    @Test
    void withoutAGuardResetsNeverCloseTheConnection() throws Exception {
        H2ProxyConnection c = start(LabConfig.builder().h2MaxResets(0));
        for (int i = 0; i < GatewayConfig.NETTY_H2_MAX_RESETS + 5; i++) {
            Tunnel t = c.open(USER, "127.0.0.1:" + lab.targetHttpPort());
            assertThat(t.status()).isEqualTo(200);
            t.cancel();
        }
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().h2ClientConnections()).isEqualTo(1);
    }

    @Test
    void closingTheConnectionClosesAllItsTunnels() throws Exception {
        H2ProxyConnection c = start();
        traces(c, USER, 3);
        H2ProxyConnection other = connect();
        Tunnel survivor = other.open(USER, target());
        assertThat(survivor.getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(lab.targetStats().openConnections()).isEqualTo(4);
        c.close();
        Await.untilEquals(1, () -> lab.targetStats().openConnections());
        Await.untilEquals(1, () -> lab.gatewayCounters().openTunnels());
        Await.untilEquals(1, () -> lab.gatewayCounters().openH2ClientConnections());
        assertThat(survivor.getNow("/cdn-cgi/trace").trace("req")).isEqualTo("2");
        assertThat(lab.gatewayCounters().h2ClientConnections()).isEqualTo(2);
    }

    @Test
    void endStreamTravelsBothWaysAsAHalfClose() throws Exception {
        H2ProxyConnection c = start();
        Tunnel t = c.open(USER, "127.0.0.1:" + lab.targetHttpPort());
        assertThat(t.status()).isEqualTo(200);
        t.send("GET /cdn-cgi/trace HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", false);
        assertThat(t.body()).as("the target's close arrives as END_STREAM after its answer")
                .startsWith("HTTP/1.1 200").contains("ip=");
        t.send("", true);
        assertThat(t.stream().closeFuture().await(H2ProxyConnection.WAIT_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(t.resetSoFar()).as("both ends ended the stream: nothing to reset").isNull();
        Await.untilEquals(0, () -> lab.gatewayCounters().openTunnels());
        Await.untilEquals(0, () -> lab.targetStats().openConnections());
    }

    @Test
    void aResetTlsFaultResetsTheStreamWithConnectError() throws Exception {
        H2ProxyConnection c = start(LabConfig.builder().faults(new FaultPlan(0, 1, 0, 7)));
        Tunnel t = c.open(USER, target());
        assertThat(t.status()).isEqualTo(200);
        assertThatThrownBy(() -> t.getNow("/cdn-cgi/trace")).hasMessageContaining("CONNECT_ERROR");
        assertThat(t.resetCode()).isEqualTo(Http2Error.CONNECT_ERROR);
        assertThat(lab.gatewayCounters().faults()).containsEntry("reset_tls", 1L);
    }

    /** A loopback port nothing listens on (bound, then closed). */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
