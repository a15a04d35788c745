package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.testing.Await;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * The gateway's per-user concurrency limit through real sockets: the tunnel or forwarded request past it is refused
 * (429 over CONNECT, forward and HTTP/2 CONNECT; SOCKS5 reply 0x02) and counted, a slot frees when its tunnel closes
 * or when the tunnel that took it is refused for another reason, session parameters do not make another user, other
 * users are not affected, and there is no limit by default.
 */
class UserLimitTest extends LabPerTest {

    private static final String ALICE = "alice:pw";

    private String target() {
        return "127.0.0.1:" + lab.targetHttpsPort();
    }

    private LabClient.Tunnel connect(String credentials) throws Exception {
        return keep(client.connect(credentials, target()));
    }

    /** A CONNECT whose refusal is read with its body (a tunnel's reply is read as a head only). */
    private LabClient.Response refusedConnect(String credentials) throws Exception {
        Socket s = keep(client.gatewaySocket());
        String auth = Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
        s.getOutputStream().write(("CONNECT " + target() + " HTTP/1.1\r\nHost: " + target()
                + "\r\nProxy-Authorization: Basic " + auth + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        return LabClient.readResponse(s.getInputStream(), false);
    }

    @Test
    void theConnectPastTheLimitIs429NamingItAndASlotFreesOnClose() throws Exception {
        start(LabConfig.builder().maxConcurrencyPerUser(2));
        LabClient.Tunnel first = connect(ALICE);
        LabClient.Tunnel second = connect("alice:pw_session-other");
        assertThat(first.reply().status()).isEqualTo(200);
        assertThat(second.get("/cdn-cgi/trace").status()).isEqualTo(200);

        LabClient.Response refused = refusedConnect(ALICE);
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.body()).contains("allows 2 tunnels or forwarded requests per user").doesNotContain("alice");
        assertThat(connect("alice-session-third:pw").reply().status()).as("a session is no other user")
                .isEqualTo(429);
        assertThat(lab.gatewayCounters().overUserLimit()).isEqualTo(2);

        first.close();
        Await.untilEquals(1, lab::openGatewayTunnels);
        LabClient.Tunnel again = connect(ALICE);
        assertThat(again.reply().status()).as("the closed tunnel's slot").isEqualTo(200);
        assertThat(again.get("/cdn-cgi/trace").status()).isEqualTo(200);
    }

    @Test
    void anotherUserIsNotAffected() throws Exception {
        start(LabConfig.builder().maxConcurrencyPerUser(1));
        assertThat(connect(ALICE).reply().status()).isEqualTo(200);
        assertThat(connect(ALICE).reply().status()).isEqualTo(429);
        LabClient.Tunnel bob = connect("bob:pw");
        assertThat(bob.reply().status()).isEqualTo(200);
        assertThat(bob.get("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(connect(null).reply().status()).as("callers without credentials: one more account").isEqualTo(200);
    }

    @Test
    void socks5PastTheLimitIsNotAllowedByRuleset() throws Exception {
        start(LabConfig.builder().maxConcurrencyPerUser(1));
        LabClient.Tunnel first = keep(client.socks5("alice", "pw", "127.0.0.1", lab.targetHttpsPort()));
        assertThat(first.reply().status()).isZero();
        LabClient.Tunnel refused = keep(client.socks5("alice", "pw_session-x", "127.0.0.1", lab.targetHttpsPort()));
        assertThat(refused.reply().status()).as("0x02, connection not allowed by ruleset").isEqualTo(2);
        assertThat(refused.socket().getInputStream().read()).as("then closed").isEqualTo(-1);
        assertThat(lab.gatewayCounters().overUserLimit()).isEqualTo(1);

        first.close();
        Await.untilEquals(0, lab::openGatewayTunnels);
        LabClient.Tunnel again = keep(client.socks5("alice", "pw", "127.0.0.1", lab.targetHttpsPort()));
        assertThat(again.reply().status()).isZero();
        assertThat(again.get("/cdn-cgi/trace").status()).isEqualTo(200);
    }

    @Test
    void aForwardedRequestAndAnHttp2StreamPastTheLimitAre429() throws Exception {
        start(LabConfig.builder().maxConcurrencyPerUser(1));
        LabClient.Tunnel held = connect(ALICE);
        assertThat(held.reply().status()).isEqualTo(200);
        Socket forward = keep(client.gatewaySocket());
        String url = "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace";
        assertThat(LabClient.forward(forward, url, ALICE).status()).isEqualTo(429);
        assertThat(LabClient.forward(forward, url, "bob:pw").status()).as("same connection, kept alive, other user")
                .isEqualTo(200);
        H2ProxyConnection h2 = keep(new H2ProxyConnection(lab));
        H2ProxyConnection.Tunnel stream = h2.open(ALICE, target());
        assertThat(stream.status()).isEqualTo(429);
        assertThat(stream.body()).contains("allows 1 tunnels");
        assertThat(lab.gatewayCounters().overUserLimit()).isEqualTo(2);

        held.close();
        Await.untilEquals(0, lab::openGatewayTunnels);
        assertThat(LabClient.forward(forward, url, ALICE).status()).as("a forwarded request once the slot is free")
                .isEqualTo(200);
        assertThat(LabClient.forward(forward, url, ALICE).status()).as("and its slot freed when it ended")
                .isEqualTo(200);
    }

    @Test
    void aTunnelRefusedForAnotherReasonFreesItsSlot() throws Exception {
        start(LabConfig.builder().maxConcurrencyPerUser(1));
        LabClient.Tunnel forbidden = keep(client.connect(ALICE, "192.0.2.1:443"));
        assertThat(forbidden.reply().status()).isEqualTo(403);
        assertThat(connect(ALICE).reply().status()).isEqualTo(200);
    }

    @Test
    void thereIsNoLimitByDefault() throws Exception {
        start(LabConfig.builder());
        for (int i = 0; i < 20; i++) {
            assertThat(connect(ALICE).reply().status()).isEqualTo(200);
        }
        assertThat(lab.gatewayCounters().overUserLimit()).isZero();
    }
}
