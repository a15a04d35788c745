package io.proxybench.lab.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.lab.interop.peers.CommandResult;
import io.proxybench.lab.interop.peers.Nghttpx;
import io.proxybench.lab.interop.peers.Nginx;
import io.proxybench.lab.interop.peers.Peer;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.pki.LabCa;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's HTTP/2-to-proxy tunnels through an HTTP/2 proxy it was not written against: nghttpx in
 * {@code http2-proxy} mode, which turns each CONNECT stream into an HTTP/1.1 CONNECT to squid, in front of nginx.
 * Every request asks for a new connection, so each is its own tunnel, i.e. its own stream. Three witnesses count
 * them: the client ({@code gatewayStats}, the gateway connection id on each response), nghttpx (one access log line
 * per stream, with the client port of the connection it came on) and squid (one {@code TCP_TUNNEL} line per
 * tunnel, written when it closes). Beside the plain case: a refused CONNECT, nghttpx's SETTINGS stream limit and its
 * GOAWAY after a number of streams. nginx and the CA are shared; each test starts its own squid and nghttpx so that
 * their logs hold its traffic only.
 */
@Tag("interop")
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class NghttpxH2ProxyTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final Pattern SETTINGS_PARAMETER =
            Pattern.compile("\\[(SETTINGS_[A-Z0-9_]+)\\(0x\\p{XDigit}+\\):(\\d+)]");

    @TempDir
    static Path home;

    private static LabCa ca;
    private static Nginx nginx;

    @BeforeAll
    static void start() {
        Peer.require("nghttpx", "nghttp2-proxy");
        ca = LabCa.loadOrCreate(home.resolve("lab-ca"));
        nginx = Nginx.start(ca);
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    @Test
    void twentyTunnelsAreTwentyStreamsOfOneConnectionToNghttpx() throws Exception {
        int tunnels = 20;
        String connect = "\"CONNECT 127.0.0.1:" + nginx.httpsPort() + " HTTP/2\" 200 h2";
        try (Squid squid = Squid.start(); Nghttpx nghttpx = Nghttpx.start(ca, squid.port())) {
            assertThat(settingsOf(nghttpx)).as("nghttpx's SETTINGS").containsEntry("SETTINGS_MAX_CONCURRENT_STREAMS",
                    (long) Nghttpx.Limits.DEFAULT.maxConcurrentStreams());
            try (ProxyClient client = client(nghttpx)) {
                List<ProxyResponse> responses = await(sendAll(client, tunnels, nginx.httpsTrace("127.0.0.1")), nghttpx);

                assertThat(responses).allSatisfy(r -> {
                    assertThat(r.status()).as("status, body %s", r.bodyText()).isEqualTo(200);
                    assertThat(r.protocol()).as("protocol with nginx inside the tunnel").isEqualTo("h2");
                    assertThat(Nginx.trace(r.bodyText())).as("nginx sees squid").containsEntry("ip", "127.0.0.1");
                });
                assertThat(responses.stream().map(r -> r.connection().gatewayConnectionId()).distinct().toList())
                        .as("the gateway connection each tunnel is a stream of").hasSize(1).doesNotContain(0L);
                assertThat(responses.stream().map(r -> r.connection().id()).distinct()).as("tunnels").hasSize(tunnels);
                assertThat(responses.stream().map(r -> Nginx.trace(r.bodyText()).get("conn")).distinct())
                        .as("nginx connections").hasSize(tunnels);
                assertThat(client.gatewayStats()).as("gateway connections, stream tunnels, fallback tunnels")
                        .extracting(GatewayStats::gatewayConnections, GatewayStats::streamTunnels,
                        GatewayStats::fallbackTunnels).containsExactly(1L, (long) tunnels, 0L);
            }
            assertThat(clientPorts(nghttpx.awaitAccessLog(tunnels, connect)))
                    .as("client connections nghttpx took the CONNECT streams on").hasSize(1);
            assertThat(nghttpx.accessLog()).as("nghttpx access log").filteredOn(l -> l.contains("CONNECT"))
                    .hasSize(tunnels);
            assertThat(squid.awaitAccessLog(tunnels, "TCP_TUNNEL/200", "CONNECT 127.0.0.1:" + nginx.httpsPort()))
                    .as("CONNECTs nghttpx made to squid").hasSize(tunnels);
        }
    }

    /**
     * Squid cannot reach a port nothing listens on and answers the CONNECT with 503; nghttpx passes that status on
     * as the stream's {@code :status}. Only that call fails, at {@code connect}; the calls beside it on the same
     * gateway connection succeed.
     */
    @Test
    void aRefusedConnectFailsItsCallAtConnectWhileTheOtherStreamsSucceed() throws Exception {
        int closedPort = Peer.freePort();
        try (Squid squid = Squid.start(); Nghttpx nghttpx = Nghttpx.start(ca, squid.port());
                ProxyClient client = client(nghttpx)) {
            ProxyResponse first = get(client, ProxyRequest.get(nginx.httpsTrace("127.0.0.1")), nghttpx);
            CompletableFuture<ProxyResponse> refused = client.send(
                    ProxyRequest.get("https://127.0.0.1:" + closedPort + "/trace"));
            List<CompletableFuture<ProxyResponse>> others = sendAll(client, 3, nginx.httpsTrace("127.0.0.1"));

            CallException failure = failure(refused);
            assertThat(failure.phase()).as("phase of %s", failure).isEqualTo(Phase.CONNECT);
            assertThat(failure.label()).as("label of %s", failure).isEqualTo("connect_503");
            assertThat(await(others, nghttpx)).allSatisfy(r -> {
                assertThat(r.status()).isEqualTo(200);
                assertThat(r.connection().gatewayConnectionId()).isEqualTo(first.connection().gatewayConnectionId());
            });
            assertThat(client.gatewayStats().gatewayConnections()).as("the refusal was one stream's").isEqualTo(1);
            assertThat(nghttpx.awaitAccessLog(1, "\"CONNECT 127.0.0.1:" + closedPort + " HTTP/2\" 503 h2")).hasSize(1);
            assertThat(squid.awaitAccessLog(1, "/503 ", "CONNECT 127.0.0.1:" + closedPort)).hasSize(1);
        }
    }

    /**
     * nghttpx told to take 4 streams per connection ({@code frontend-http2-max-concurrent-streams=4}) says so in
     * its SETTINGS; ten tunnels kept open then need ceil(10 / 4) = 3 connections to it, and none of them carries
     * more than 4.
     */
    @Test
    void tunnelsBeyondNghttpxsStreamLimitOpenMoreConnections() throws Exception {
        int tunnels = 10;
        int streams = 4;
        String connect = "\"CONNECT 127.0.0.1:" + nginx.httpsPort() + " HTTP/2\" 200 h2";
        try (Squid squid = Squid.start(); Nghttpx nghttpx = Nghttpx.start(ca, squid.port(),
                Nghttpx.Limits.DEFAULT.withMaxConcurrentStreams(streams))) {
            assertThat(settingsOf(nghttpx)).as("nghttpx's SETTINGS")
                    .containsEntry("SETTINGS_MAX_CONCURRENT_STREAMS", (long) streams);
            try (ProxyClient client = client(nghttpx)) {
                List<ProxyResponse> responses = await(sendAll(client, tunnels, nginx.httpsTrace("127.0.0.1")), nghttpx);

                assertThat(responses).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
                assertThat(client.gatewayStats()).extracting(GatewayStats::gatewayConnections,
                        GatewayStats::streamTunnels, GatewayStats::fallbackTunnels)
                        .containsExactly(3L, (long) tunnels, 0L);
                assertThat(responses.stream().collect(Collectors.groupingBy(
                        r -> r.connection().gatewayConnectionId(), Collectors.counting())).values())
                        .as("streams per gateway connection").hasSize(3)
                        .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(streams));
            }
            assertThat(clientPorts(nghttpx.awaitAccessLog(tunnels, connect)))
                    .as("client connections nghttpx took the CONNECT streams on").hasSize(3);
        }
    }

    /**
     * nghttpx told to end each connection after 3 streams ({@code frontend-max-requests=3}) sends GOAWAY (1.52:
     * last-stream-id 2^31-1, NO_ERROR, the graceful notice) as the third CONNECT arrives; the client opens the
     * fourth tunnel on a new connection, so ten tunnels one after another take ceil(10 / 3) = 4 connections and
     * none fails.
     */
    @Test
    void aGoawayAfterThreeStreamsMovesLaterTunnelsToANewConnection() throws Exception {
        int tunnels = 10;
        String connect = "\"CONNECT 127.0.0.1:" + nginx.httpsPort() + " HTTP/2\" 200 h2";
        try (Squid squid = Squid.start(); Nghttpx nghttpx = Nghttpx.start(ca, squid.port(),
                Nghttpx.Limits.DEFAULT.withMaxStreamsPerConnection(3))) {
            try (ProxyClient client = client(nghttpx)) {
                List<Long> gateways = new ArrayList<>();
                for (int i = 0; i < tunnels; i++) {
                    ProxyResponse r = get(client, ProxyRequest.get(nginx.httpsTrace("127.0.0.1")).withNewConnection(),
                            nghttpx);
                    assertThat(r.status()).isEqualTo(200);
                    gateways.add(r.connection().gatewayConnectionId());
                }

                assertThat(gateways).as("gateway connection of each tunnel, in order")
                        .containsExactly(1L, 1L, 1L, 2L, 2L, 2L, 3L, 3L, 3L, 4L);
                assertThat(client.gatewayStats()).extracting(GatewayStats::gatewayConnections,
                        GatewayStats::streamTunnels, GatewayStats::fallbackTunnels)
                        .containsExactly(4L, (long) tunnels, 0L);
            }
            assertThat(clientPorts(nghttpx.awaitAccessLog(tunnels, connect)))
                    .as("client connections nghttpx took the CONNECT streams on").hasSize(4);
        }
    }

    private static ProxyClient client(Nghttpx nghttpx) {
        return ProxyClient.builder().proxy(nghttpx.url()).proxyProtocol(ProxyProtocol.H2_PREFERRED)
                .tls(TlsSettings.caFile(ca.certFile())).build();
    }

    /** {@code count} GETs of {@code url} at once, each on a new connection: a tunnel of its own. */
    private static List<CompletableFuture<ProxyResponse>> sendAll(ProxyClient client, int count, String url) {
        List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add(client.send(ProxyRequest.get(url).withNewConnection()));
        }
        return sent;
    }

    private static List<ProxyResponse> await(List<CompletableFuture<ProxyResponse>> calls, Nghttpx nghttpx)
            throws InterruptedException, TimeoutException {
        List<ProxyResponse> responses = new ArrayList<>();
        for (CompletableFuture<ProxyResponse> call : calls) {
            responses.add(get(call, nghttpx));
        }
        return responses;
    }

    private static ProxyResponse get(ProxyClient client, ProxyRequest request, Nghttpx nghttpx)
            throws InterruptedException, TimeoutException {
        return get(client.send(request), nghttpx);
    }

    private static ProxyResponse get(CompletableFuture<ProxyResponse> call, Nghttpx nghttpx)
            throws InterruptedException, TimeoutException {
        try {
            return call.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("call through nghttpx failed: " + e.getCause() + nghttpx.logTails(), e.getCause());
        }
    }

    private static CallException failure(CompletableFuture<ProxyResponse> call)
            throws InterruptedException, TimeoutException {
        try {
            ProxyResponse response = call.get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return fail("the call should have failed, got " + response.status() + ": " + response.bodyText());
        } catch (ExecutionException e) {
            assertThat(e.getCause()).as("the future's failure").isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
    }

    /**
     * The parameters of the first SETTINGS frame nghttpx sends a new connection, as nghttp (nghttp2's own client,
     * not ours) prints them with {@code -v}: lines like {@code [SETTINGS_MAX_CONCURRENT_STREAMS(0x03):100]}. The
     * request nghttp then sends goes to a closed port, so its answer (an error status) does not matter.
     */
    private static Map<String, Long> settingsOf(Nghttpx nghttpx) {
        Path nghttp = Peer.require("nghttp", "nghttp2-client");
        CommandResult result = Peer.run(List.of(nghttp.toString(), "-nv", "--timeout=5s",
                "-H", ":authority: 127.0.0.1:" + Peer.freePort(), nghttpx.url() + "/"), Duration.ofSeconds(20));
        String out = result.stdout();
        int frame = out.indexOf("recv SETTINGS frame <length=");
        assertThat(frame).as("nghttp saw nghttpx's SETTINGS\n%s", result.describe()).isNotNegative();
        int next = out.indexOf("\n[", frame);
        String block = out.substring(frame, next < 0 ? out.length() : next);
        Map<String, Long> settings = new LinkedHashMap<>();
        Matcher parameter = SETTINGS_PARAMETER.matcher(block);
        while (parameter.find()) {
            settings.put(parameter.group(1), Long.parseLong(parameter.group(2)));
        }
        return settings;
    }

    /** The distinct {@code address:port} client connections of nghttpx access log lines. */
    private static Set<String> clientPorts(List<String> lines) {
        return lines.stream().map(l -> l.substring(0, l.indexOf(' '))).collect(Collectors.toSet());
    }
}
