package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.proxybench.client.testing.Await;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.H2ProxyConnection.Tunnel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The gateway's limits through real sockets, on the plain port, the {@code https://} port's HTTP/2 CONNECT streams and
 * SOCKS5: request head size, connection count, header timeout (silent, slowloris and stalled-TLS clients) beside the
 * idle timeout, auth failures that look alike, and the destination and port allowlists.
 */
class GatewayLimitsTest extends LabPerTest {

    private static final String USER = "alice:s3cret";

    private H2ProxyConnection h2() throws Exception {
        return keep(new H2ProxyConnection(lab));
    }

    private Socket socket(int port) throws IOException {
        Socket s = keep(new Socket());
        s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
        s.setSoTimeout(10_000);
        return s;
    }

    private String target() {
        return "127.0.0.1:" + lab.targetHttpsPort();
    }

    private String httpTarget() {
        return "http://127.0.0.1:" + lab.targetHttpPort();
    }

    // --- request head size -----------------------------------------------------------------------------------

    @Test
    void anOversizedHeadIs431ThenTheConnectionClosesAndItIsCounted() throws Exception {
        start(LabConfig.builder().maxHeaderBytes(1024));
        Socket s = socket(lab.gatewayPort());
        send(s, "GET " + httpTarget() + "/ HTTP/1.1\r\nHost: a\r\nX-Big: " + "x".repeat(2000) + "\r\n\r\n");
        LabClient.Response answer = LabClient.readResponse(s.getInputStream(), false);
        assertThat(answer.status()).isEqualTo(431);
        assertThat(answer.body()).contains("larger than 1024 bytes");
        assertThat(closed(s.getInputStream())).isTrue();
        assertThat(lab.gatewayCounters().badRequests()).isEqualTo(1);

        H2ProxyConnection c = h2();
        Tunnel big = c.open(USER, target(), new DefaultHttp2Headers().set("x-big", "x".repeat(1000)));
        assertThat(big.status()).as("a head a little over the limit: 431 on its stream").isEqualTo(431);
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).as("the connection goes on")
                .isEqualTo(200);
        assertThat(lab.gatewayCounters().badRequests()).isEqualTo(2);
        c.open(USER, target(), new DefaultHttp2Headers().set("x-big", "x".repeat(4000)));
        Await.untilEquals(0, () -> lab.gatewayCounters().openH2ClientConnections()); // far over the limit: GOAWAY
        assertThat(lab.gatewayCounters().badRequests()).isEqualTo(3);
    }

    // --- concurrent connections ------------------------------------------------------------------------------

    @Test
    void connectionsPastTheLimitAreClosedOnArrivalAndCounted() throws Exception {
        start(LabConfig.builder().maxClientConnections(2));
        Socket first = socket(lab.gatewayPort());
        h2();
        Await.untilEquals(2, lab::openGatewayConnections);
        assertThat(socket(lab.gatewayPort()).getInputStream().read()).as("plain port, past the limit").isEqualTo(-1);
        assertThat(socket(lab.gatewayTlsPort()).getInputStream().read()).as("https port, past the limit")
                .isEqualTo(-1);
        GatewayCounters.Snapshot g = lab.gatewayCounters();
        assertThat(g.refusedConnections()).isEqualTo(2);
        assertThat(g.clientConnections()).isEqualTo(2);

        first.close();
        Await.untilEquals(1, lab::openGatewayConnections);
        assertThat(LabClient.forward(socket(lab.gatewayPort()), httpTarget() + "/cdn-cgi/trace", null).status())
                .as("a freed place is taken again").isEqualTo(200);
    }

    // --- header timeout and idle timeout ---------------------------------------------------------------------

    @Test
    void aSilentClientIsDroppedAtTheHeaderTimeoutOnBothPorts() throws Exception {
        start(LabConfig.builder().headerTimeout(Duration.ofMillis(300)));
        assertThat(socket(lab.gatewayPort()).getInputStream().read()).isEqualTo(-1);
        Socket stalledTls = socket(lab.gatewayTlsPort());
        send(stalledTls, "\u0016\u0003\u0001"); // the start of a TLS record, never finished
        assertThat(stalledTls.getInputStream().read()).isEqualTo(-1);
        Await.untilEquals(2, () -> lab.gatewayCounters().slowClientsDropped());
        assertThat(lab.gatewayCounters().idleTimeouts()).isZero();
    }

    @Test
    void aSlowlorisHeadAndASlowSocks5NegotiationAreDropped() throws Exception {
        start(LabConfig.builder().headerTimeout(Duration.ofMillis(300)));
        String head = "GET " + httpTarget() + "/ HTTP/1.1\r\nHost: a\r\nX-Pad: " + "p".repeat(200);
        assertThat(trickle(socket(lab.gatewayPort()), head.getBytes(StandardCharsets.ISO_8859_1)))
                .as("bytes sent before the gateway hung up").isLessThan(head.length());
        Socket socks = socket(lab.gatewayPort());
        socks.getOutputStream().write(new byte[] {5, 1, 0});
        assertThat(socks.getInputStream().readNBytes(2)).as("the greeting is answered").containsExactly(5, 0);
        assertThat(socks.getInputStream().read()).as("no command follows: dropped").isEqualTo(-1);
        Await.untilEquals(2, () -> lab.gatewayCounters().slowClientsDropped());
    }

    @Test
    void connectionsThatMadeTheirRequestOutliveTheHeaderTimeoutUntilIdle() throws Exception {
        start(LabConfig.builder().headerTimeout(Duration.ofMillis(200)).idleTimeout(Duration.ofSeconds(3))
                .auth("alice", "s3cret"));
        Socket keptAlive = socket(lab.gatewayPort());
        assertThat(LabClient.forward(keptAlive, httpTarget() + "/cdn-cgi/trace", USER).status()).isEqualTo(200);
        H2ProxyConnection c = h2();
        LabClient.Tunnel tunnel = keep(client.connect(USER, target()));
        assertThat(tunnel.reply().status()).isEqualTo(200);
        Thread.sleep(600); // three header timeouts, under the idle timeout
        assertThat(LabClient.forward(keptAlive, httpTarget() + "/cdn-cgi/trace", USER).status()).isEqualTo(200);
        assertThat(c.open(USER, target()).getNow("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(tunnel.get("/cdn-cgi/trace").status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().slowClientsDropped()).isZero();

        assertThat(tunnel.socket().getInputStream().read()).as("the idle tunnel is closed").isEqualTo(-1);
        assertThat(lab.gatewayCounters().idleTimeouts()).isGreaterThanOrEqualTo(1);
        assertThat(lab.gatewayCounters().slowClientsDropped()).isZero();
    }

    @Test
    void aLaterHeadOnAKeptAliveConnectionGetsTheHeaderTimeoutFromItsFirstByte() throws Exception {
        start(LabConfig.builder().headerTimeout(Duration.ofMillis(300)).auth("alice", "s3cret"));
        Socket keptAlive = socket(lab.gatewayPort());
        assertThat(LabClient.forward(keptAlive, httpTarget() + "/cdn-cgi/trace", USER).status()).isEqualTo(200);
        Thread.sleep(600); // idle between requests for two header timeouts: allowed
        assertThat(LabClient.forward(keptAlive, httpTarget() + "/cdn-cgi/trace", USER).status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().slowClientsDropped()).isZero();

        String head = "GET " + httpTarget() + "/ HTTP/1.1\r\nHost: a\r\nX-Pad: " + "p".repeat(200);
        assertThat(trickle(keptAlive, head.getBytes(StandardCharsets.ISO_8859_1)))
                .as("bytes of the third head sent before the gateway hung up").isLessThan(head.length());
        Await.untilEquals(1, () -> lab.gatewayCounters().slowClientsDropped());
    }

    @Test
    void aBodySentAfterARefusalIsNoHeadAndTheConnectionMayIdleAfterIt() throws Exception {
        start(LabConfig.builder().headerTimeout(Duration.ofMillis(300)).auth("alice", "s3cret"));
        Socket keptAlive = socket(lab.gatewayPort());
        send(keptAlive, "POST " + httpTarget() + "/cdn-cgi/trace HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n");
        assertThat(LabClient.readResponse(keptAlive.getInputStream(), false).status()).isEqualTo(407);
        send(keptAlive, "hello"); // the body follows the refusal, as after a 100-continue: drained, not a head
        Thread.sleep(600); // idle between requests for two header timeouts: allowed
        assertThat(LabClient.forward(keptAlive, httpTarget() + "/cdn-cgi/trace", USER).status()).isEqualTo(200);
        assertThat(lab.gatewayCounters().slowClientsDropped()).isZero();
    }

    // --- auth failures ---------------------------------------------------------------------------------------

    @Test
    void anUnknownUserAndAWrongPasswordGetByteIdenticalRefusals() throws Exception {
        start(LabConfig.builder().auth("alice", "s3cret"));
        for (String request : List.of("CONNECT " + target() + " HTTP/1.1\r\nHost: " + target(),
                "GET " + httpTarget() + "/ HTTP/1.1\r\nHost: a")) {
            String unknownUser = refusal(request, "mallory:s3cret");
            String wrongPassword = refusal(request, "alice:guess");
            assertThat(unknownUser).startsWith("HTTP/1.1 407").isEqualTo(wrongPassword);
        }

        assertThat(socks5Refusal("mallory", "s3cret")).isEqualTo(socks5Refusal("alice", "guess"))
                .containsExactly(5, 2, 1, 0xff);

        H2ProxyConnection c = h2();
        Tunnel unknownUser = c.open("mallory:s3cret", target());
        Tunnel wrongPassword = c.open("alice:guess", target());
        assertThat(unknownUser.status()).isEqualTo(407).isEqualTo(wrongPassword.status());
        assertThat(unknownUser.body()).isEqualTo(wrongPassword.body());
        assertThat(lab.gatewayCounters().authFailures()).isEqualTo(8);
    }

    /** The whole answer to {@code request} (a head without its blank line) sent with {@code credentials}. */
    private String refusal(String request, String credentials) throws Exception {
        Socket s = socket(lab.gatewayPort());
        send(s, request + "\r\nConnection: close\r\nProxy-Authorization: Basic "
                + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8)) + "\r\n\r\n");
        return readToEnd(s.getInputStream());
    }

    /** Every byte a SOCKS5 client offering username/password gets back for these credentials, up to the close. */
    private byte[] socks5Refusal(String user, String password) throws Exception {
        Socket s = socket(lab.gatewayPort());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(new byte[] {5, 1, 2, 1, (byte) user.length()});
        out.write(user.getBytes(StandardCharsets.US_ASCII));
        out.write(password.length());
        out.write(password.getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().write(out.toByteArray());
        s.getOutputStream().flush();
        return s.getInputStream().readAllBytes();
    }

    // --- destinations and ports ------------------------------------------------------------------------------

    @Test
    void aDestinationOutsideTheAllowlistIs403NamingTheRuleOnEveryPath() throws Exception {
        start(LabConfig.builder());
        assertRefusedEverywhere("192.0.2.1", 443, "127.0.0.0/8", "--allow-destination CIDR");
    }

    @Test
    void aNameIsRefusedBeforeAnyLookupWhileOnlyLoopbackIsAllowed() throws Exception {
        start(LabConfig.builder());
        // .invalid never resolves (RFC 6761): a 403 naming the rule, not a 502 "cannot resolve", shows the decision
        // came before the lookup.
        assertRefusedEverywhere("blocked.invalid", 443, "127.0.0.0/8", "--allow-destination CIDR");
        assertThat(client.connect(null, "localhost:" + lab.targetHttpsPort()).reply().status())
                .as("a loopback name is still looked up and allowed").isEqualTo(200);
    }

    @Test
    void onceTheRulesAreWidenedANameIsResolvedAndWhatItResolvesToChecked() throws Exception {
        start(LabConfig.builder().allowDestination("192.0.2.0/24"));
        Socket connect = socket(lab.gatewayPort());
        send(connect, "CONNECT blocked.invalid:443 HTTP/1.1\r\nHost: blocked.invalid:443\r\n\r\n");
        LabClient.Response connected = LabClient.readResponse(connect.getInputStream(), false);
        assertThat(connected.status()).as("looked up, and it does not resolve").isEqualTo(502);
        assertThat(connected.body()).contains("cannot resolve blocked.invalid");
        assertThat(lab.gatewayCounters().refusedDestinations()).isZero();
    }

    @Test
    void aPortOutsideTheAllowedPortsIs403NamingTheRuleOnEveryPath() throws Exception {
        start(LabConfig.builder().allowPorts(AllowedPorts.parse("443,1024-65535")));
        assertRefusedEverywhere("127.0.0.1", 80, "allowed ports 443,1024-65535", "--allow-ports 443,1024-65535,80");
        assertThat(client.connect(null, target()).reply().status()).as("an allowed port").isEqualTo(200);
    }

    private void assertRefusedEverywhere(String host, int port, String rule, String widen) throws Exception {
        String authority = host + ":" + port;
        Socket connect = socket(lab.gatewayPort());
        send(connect, "CONNECT " + authority + " HTTP/1.1\r\nHost: " + authority + "\r\n\r\n");
        LabClient.Response connected = LabClient.readResponse(connect.getInputStream(), false);
        assertThat(connected.status()).isEqualTo(403);
        assertThat(connected.body()).contains(rule).contains(widen);
        Socket forward = socket(lab.gatewayPort());
        LabClient.Response forwarded = LabClient.forward(forward, "http://" + authority + "/", null);
        assertThat(forwarded.status()).isEqualTo(403);
        assertThat(forwarded.body()).contains(rule).contains(widen);
        LabClient.Tunnel socks = keep(client.socks5(null, null, host, port));
        assertThat(socks.reply().status()).as("SOCKS5 connection not allowed by ruleset").isEqualTo(2);
        Tunnel h2 = h2().open(null, authority);
        assertThat(h2.status()).isEqualTo(403);
        assertThat(h2.body()).contains(rule).contains(widen);
        assertThat(lab.gatewayCounters().refusedDestinations()).isEqualTo(4);
    }

    // --- helpers ---------------------------------------------------------------------------------------------

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        s.getOutputStream().flush();
    }

    /** Whether the gateway closed the connection: end of stream, or a reset when it left bytes unread. */
    private static boolean closed(InputStream in) throws IOException {
        try {
            return in.read() == -1;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    private static String readToEnd(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
    }

    /**
     * Sends {@code bytes} one every 50 ms (at most 10 s for 200 bytes) until the gateway hangs up.
     *
     * @return how many were sent before it did
     */
    private static int trickle(Socket s, byte[] bytes) throws Exception {
        OutputStream out = s.getOutputStream();
        for (int i = 0; i < bytes.length; i++) {
            try {
                out.write(bytes[i]);
                out.flush();
            } catch (IOException hungUp) {
                return i;
            }
            Thread.sleep(50);
        }
        return bytes.length;
    }
}
