package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Phase;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabClient;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults and latency replaced on a running lab, by {@link Lab#faults(FaultPlan)} and {@link Lab#latency(LatencyPlan)}
 * and by the admin endpoint's {@code /faults} and {@code /latency}, seen by the project's own client. The lab replies
 * to CONNECT after the exit has dialled, so the exit's setup lands in the client's CONNECT phase (with the early reply
 * it lands in TLS). Timing is only checked from below.
 */
class LiveInjectionTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);
    private static final FaultPlan CONFIGURED_FAULTS = new FaultPlan(0, 0, 0, 7);

    @TempDir
    static Path home;

    static Lab lab;
    static HttpClient admin;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).connectReply(ConnectReply.AFTER_DIAL)
                .faults(CONFIGURED_FAULTS).build());
        admin = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @BeforeEach
    void configuredPlans() {
        lab.faults(CONFIGURED_FAULTS);
        lab.latency(LatencyPlan.NONE);
    }

    @Test
    void refusingEveryTunnelMidRunFailsNewConnectsWith502UntilTheFaultsAreCleared() throws Exception {
        assertThat(call().status()).isEqualTo(200);
        LabClient raw = new LabClient(lab);
        String target = "127.0.0.1:" + lab.targetHttpsPort();
        long refusedBefore = lab.gatewayCounters().faults().getOrDefault("refuse", 0L);
        try (LabClient.Tunnel open = raw.connect(null, target)) {
            assertThat(open.reply().status()).isEqualTo(200);

            JsonNode refusing = json(send("POST", "/faults?refuse=1"), 200);
            assertThat(refusing.path("refuse").asDouble()).isEqualTo(1.0);
            assertThat(lab.faults()).isEqualTo(new FaultPlan(1, 0, 0, 7));

            CallException failure = failure();
            assertThat(failure.phase()).isEqualTo(Phase.CONNECT);
            assertThat(failure.kind()).isEqualTo(CallException.Kind.PROXY_REFUSED);
            assertThat(failure.label()).isEqualTo("connect_502");
            try (LabClient.Tunnel refused = raw.connect(null, target)) {
                assertThat(refused.reply().status()).isEqualTo(502);
            }
            assertThat(open.get("/cdn-cgi/trace").status()).as("a tunnel opened before keeps working").isEqualTo(200);
        }
        assertThat(lab.gatewayCounters().faults().getOrDefault("refuse", 0L) - refusedBefore).isEqualTo(2);

        JsonNode cleared = json(send("POST", "/faults"), 200);
        assertThat(cleared.path("refuse").asDouble()).isZero();
        assertThat(call().status()).isEqualTo(200);
    }

    @Test
    void labFaultsRefusesSocks5TooAndAPlanWithNoFaultEndsIt() throws Exception {
        lab.faults(new FaultPlan(1, 0, 0, 3));
        try (LabClient.Tunnel t = new LabClient(lab).socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).as("SOCKS5 connection refused").isEqualTo(5);
        }
        assertThat(json(send("GET", "/faults"), 200).path("seed").asLong()).isEqualTo(3);
        lab.faults(FaultPlan.NONE);
        try (LabClient.Tunnel t = new LabClient(lab).socks5(null, null, "127.0.0.1", lab.targetHttpsPort())) {
            assertThat(t.reply().status()).isZero();
            assertThat(t.get("/cdn-cgi/trace").status()).isEqualTo(200);
        }
    }

    @Test
    void raisingTheExitSetupMidRunLengthensTheConnectPhaseOfNewTunnels() throws Exception {
        assertThat(call().status()).isEqualTo(200);
        Duration setup = Duration.ofMillis(400);

        JsonNode raised = json(send("POST", "/latency?exit_setup_ms=" + setup.toMillis()), 200);
        assertThat(raised.path("exit_setup_ms").asLong()).isEqualTo(setup.toMillis());
        assertThat(raised.path("client_rtt_ms").asLong()).isZero();
        assertThat(lab.latency()).isEqualTo(new LatencyPlan(Duration.ZERO, setup, Duration.ZERO));

        ProxyResponse slow = call();
        assertThat(slow.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(slow.timings().get(Phase.CONNECT))).isGreaterThanOrEqualTo(setup);
    }

    @Test
    void raisingTheClientRoundTripMidRunLengthensTheConnectPhaseOfNewConnections() throws Exception {
        assertThat(call().status()).isEqualTo(200);
        Duration rtt = Duration.ofMillis(200);
        lab.latency(new LatencyPlan(rtt, Duration.ZERO, Duration.ZERO));

        ProxyResponse slow = call();
        assertThat(slow.status()).isEqualTo(200);
        assertThat(Duration.ofNanos(slow.timings().get(Phase.CONNECT))).isGreaterThanOrEqualTo(rtt);
        assertThat(json(send("GET", "/latency"), 200).path("client_rtt_ms").asLong()).isEqualTo(rtt.toMillis());
    }

    @Test
    void theAdminEndpointAnswersThePlansAndSetsThemByItsRules() throws Exception {
        JsonNode faults = json(send("GET", "/faults"), 200);
        assertThat(faults.toString()).isEqualTo("{\"refuse\":0.0,\"reset_tls\":0.0,\"stall\":0.0,\"seed\":7}");
        assertThat(json(send("GET", "/latency"), 200).toString())
                .isEqualTo("{\"client_rtt_ms\":0,\"exit_setup_ms\":0,\"target_rtt_ms\":0}");

        JsonNode set = json(send("POST", "/faults?refuse=0.25&reset_tls=0.25&stall=0.5"), 200);
        assertThat(set.toString()).isEqualTo("{\"refuse\":0.25,\"reset_tls\":0.25,\"stall\":0.5,\"seed\":7}");
        assertThat(json(send("POST", "/faults?stall=0.1"), 200).toString()).as("a missing fraction is 0")
                .isEqualTo("{\"refuse\":0.0,\"reset_tls\":0.0,\"stall\":0.1,\"seed\":7}");
        assertThat(lab.faults()).isEqualTo(new FaultPlan(0, 0, 0.1, 7));

        json(send("POST", "/latency?target_rtt_ms=20&client_rtt_ms=10"), 200);
        assertThat(json(send("POST", "/latency?exit_setup_ms=5"), 200).toString()).as("a missing leg is kept")
                .isEqualTo("{\"client_rtt_ms\":10,\"exit_setup_ms\":5,\"target_rtt_ms\":20}");
        assertThat(lab.latency()).isEqualTo(new LatencyPlan(Duration.ofMillis(10), Duration.ofMillis(5),
                Duration.ofMillis(20)));
    }

    @Test
    void badQueriesGet400WithTheReasonAndChangeNothing() throws Exception {
        lab.faults(new FaultPlan(0.5, 0, 0, 7));
        lab.latency(new LatencyPlan(Duration.ZERO, Duration.ofMillis(50), Duration.ZERO));
        String[][] cases = {
            {"/faults?refuse=1.5", "fault fraction 1.5 is outside 0..1 (nothing changed)"},
            {"/faults?refuse=-0.1", "fault fraction -0.1 is outside 0..1"},
            {"/faults?refuse=NaN", "fault fraction NaN is outside 0..1"},
            {"/faults?refuse=0.6&stall=0.6", "fault fractions add up to more than 1"},
            {"/faults?refuse=half", "refuse must be a fraction from 0 to 1, got 'half'"},
            {"/faults?refuse", "refuse must be a fraction from 0 to 1, got ''"},
            {"/faults?refuse=1&refuse=0", "refuse is given 2 times; give it once"},
            {"/faults?reset-tls=1", "unknown parameter 'reset-tls'; POST /faults takes refuse, reset_tls and stall"},
            {"/latency?exit_setup_ms=-1", "exit setup latency -1 ms is outside 0..600000 ms (nothing changed)"},
            {"/latency?target_rtt_ms=600001", "target round trip latency 600001 ms is outside 0..600000 ms"},
            {"/latency?client_rtt_ms=1.5", "client_rtt_ms must be a whole number of milliseconds, got '1.5'"},
            {"/latency?client_rtt_ms=99999999999999999999", "got '99999999999999999999'"},
            {"/latency?exit_setup=5", "unknown parameter 'exit_setup'; POST /latency takes client_rtt_ms"},
        };
        for (String[] c : cases) {
            HttpResponse<String> reply = send("POST", c[0]);
            assertThat(reply.statusCode()).as(c[0]).isEqualTo(400);
            assertThat(reply.body()).as(c[0]).contains(c[1]);
        }
        assertThat(send("GET", "/faults?refuse=1").statusCode()).isEqualTo(400);
        assertThat(send("DELETE", "/faults").body()).contains("use GET or POST on /faults");
        assertThat(send("PUT", "/latency").statusCode()).isEqualTo(405);
        assertThat(send("GET", "/nothing").body()).contains("POST /faults?refuse=F&reset_tls=F&stall=F")
                .contains("/latency?client_rtt_ms=N&exit_setup_ms=N&target_rtt_ms=N");
        assertThat(lab.faults()).isEqualTo(new FaultPlan(0.5, 0, 0, 7));
        assertThat(lab.latency()).isEqualTo(new LatencyPlan(Duration.ZERO, Duration.ofMillis(50), Duration.ZERO));
    }

    /** A GET of the target's trace through the gateway, on a client of its own (so a new tunnel). */
    private static ProxyResponse call() throws Exception {
        try (ProxyClient client = client()) {
            return client.send(ProxyRequest.get(traceUrl())).get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The failure of a {@link #call()} that must fail. */
    private static CallException failure() throws Exception {
        try (ProxyClient client = client()) {
            ProxyResponse response = client.send(ProxyRequest.get(traceUrl()))
                    .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return fail("the call should have failed, got " + response.status());
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
    }

    private static ProxyClient client() {
        return ProxyClient.builder().proxy("http://127.0.0.1:" + lab.gatewayPort())
                .tls(TlsSettings.caFile(lab.caFile())).build();
    }

    private static String traceUrl() {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    private static HttpResponse<String> send(String method, String pathAndQuery) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + lab.adminPort() + pathAndQuery))
                .timeout(CALL_TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody()).build();
        return admin.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> reply, int status) throws Exception {
        assertThat(reply.statusCode()).as(reply.body()).isEqualTo(status);
        assertThat(reply.headers().firstValue("content-type")).hasValue("application/json");
        return new ObjectMapper().readTree(reply.body());
    }
}
