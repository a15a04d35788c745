package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.BlockClassifier;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ParsedCredentials;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.Exit;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.gateway.ConnectReply;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fault matrix: {@code proxybench run} in-process against a lab of its own per fault, open loop, 40 requests
 * at 20/s with {@code --retries 1}. For every fault, the records file holds exactly one record per scheduled
 * request; each failed record carries the fault's error label (its phase and reason) and outcome; retries are counted apart (a retried
 * record has {@code attempt} 2 and its {@code first_error}, the summary's {@code first_tries} agree, and no retry
 * adds a record); the client's pool is empty afterwards ({@code pool_after}); the lab counts no open gateway
 * connection. Buffers: the NoLeaks extension fails the class if Netty's leak detector (paranoid) reports one.
 *
 * <p>Nothing here bounds a time: each run is bounded by its schedule, {@code --timeout} and the drain.
 */
class FaultMatrixTest {

    /** Requests per run and their rate: 2 s of schedule. */
    private static final int REQUESTS = 40;
    private static final int RATE = 20;

    @TempDir
    static Path home;

    /**
     * One fault.
     *
     * @param name what the fault is, the test's display name
     * @param lab the lab's configuration for it
     * @param url the target URL, given the running lab
     * @param proxyUser the proxy URL's user info
     * @param before done to the lab before the run
     * @param during done to the lab while the run is under way, or null
     * @param errors the error labels a failed record may carry; the first is surely among them
     * @param outcome the outcome of every failed record; null for the outcome of its phase
     * @param everyRequestFails whether no request may succeed (else some must, and some must fail)
     * @param timeout {@code --timeout}: short where the fault is a wait, else long enough for a loaded machine
     */
    record Fault(String name, UnaryOperator<LabConfig.Builder> lab, LabUrl url, String proxyUser, LabAction before,
            LabAction during, List<String> errors, Outcome outcome, boolean everyRequestFails, String timeout) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface LabUrl {
        String of(Lab lab) throws IOException;
    }

    interface LabAction {
        void on(Lab lab) throws Exception;
    }

    static Stream<Fault> faults() {
        LabUrl trace = lab -> "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        LabAction nothing = lab -> { };
        return Stream.of(
                new Fault("tunnel refused", b -> b.faults(new FaultPlan(1, 0, 0, 7)), trace, "u:p", nothing, null,
                        List.of("connect_502"), Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("reset during TLS", b -> b.faults(new FaultPlan(0, 1, 0, 7)), trace, "u:p", nothing, null,
                        List.of("tls_ClosedChannelException"), Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("stalled tunnel", b -> b.faults(new FaultPlan(0, 0, 1, 7)), trace, "u:p", nothing, null,
                        List.of("tls_SslHandshakeTimeoutException"), Outcome.PROXY_FAILURE, true, "2s"),
                new Fault("407, wrong password", b -> b.auth("u", "p"), trace, "u:wrong", nothing, null,
                        List.of("connect_407"), Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("502, destination refuses (reply after dial)", b -> b.connectReply(ConnectReply.AFTER_DIAL),
                        lab -> "https://127.0.0.1:" + closedPort() + "/", "u:p", nothing, null,
                        List.of("connect_502"), Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("destination refuses after an early 200", b -> b.connectReply(ConnectReply.EARLY),
                        lab -> "https://127.0.0.1:" + closedPort() + "/", "u:p", nothing, null,
                        List.of("tls_ClosedChannelException"), Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("exit gone for a locked session", b -> b, trace, "u:p_lockedsession-gone",
                        lab -> takeExitOffline(lab, "u", "p_lockedsession-gone"), null, List.of("connect_502"),
                        Outcome.PROXY_FAILURE, true, "10s"),
                new Fault("target closes mid-body", b -> b,
                        lab -> "https://127.0.0.1:" + lab.targetHttpsPort() + "/truncate/100000", "u:p", nothing,
                        null, List.of("request_TruncatedResponseException"), Outcome.TARGET_ERROR, true, "10s"),
                // Refused while down; cut in flight: in its CONNECT, its TLS handshake, before or during a response.
                new Fault("gateway restart mid-run", b -> b, trace, "u:p", nothing,
                        lab -> lab.restartGateway(Duration.ofMillis(500)),
                        List.of("tcp_ConnectException", "connect_ProxyConnectException", "tls_ClosedChannelException",
                                "request_NoResponseException", "request_TruncatedResponseException"),
                        null, false, "10s"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void everyScheduledRequestHasOneRecordLabelledByPhaseAndNothingIsLeftOpen(Fault fault) throws Exception {
        try (Lab lab = Lab.start(fault.lab().apply(LabConfig.builder().home(home)).build())) {
            fault.before().on(lab);
            Path out = Files.createTempFile(home, "faults", ".jsonl");
            List<String> args = List.of("run", "--url", fault.url().of(lab),
                    "--proxy", "http://" + fault.proxyUser() + "@127.0.0.1:" + lab.gatewayPort(),
                    "--ca", lab.caFile().toString(), "--out", out.toString(), "--json", "--no-progress", "--keep-going",
                    "--rate", String.valueOf(RATE), "--duration", REQUESTS / RATE + "s", "--retries", "1",
                    "--timeout", fault.timeout());
            CompletableFuture<MainTest.Run> running =
                    CompletableFuture.supplyAsync(() -> MainTest.run(args.toArray(String[]::new)));
            if (fault.during() != null) {
                awaitTargetRequests(lab, REQUESTS / 4, running);
                fault.during().on(lab);
            }
            MainTest.Run r = running.get();
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode summary = new ObjectMapper().readTree(r.out());
            List<RequestRecord> records = JsonlReader.read(out);

            assertThat(summary.path("records").asLong()).isEqualTo(REQUESTS);
            assertThat(records).as("one record per scheduled request").hasSize(REQUESTS);

            List<RequestRecord> failed = records.stream().filter(rec -> rec.error() != null).toList();
            if (fault.everyRequestFails()) {
                assertThat(failed).as("errors %s", summary.path("errors")).hasSize(REQUESTS);
            } else {
                assertThat(failed).as("some requests fail").isNotEmpty().hasSizeLessThan(REQUESTS);
            }
            assertThat(failed).extracting(RequestRecord::error).contains(fault.errors().get(0))
                    .allSatisfy(error -> assertThat(error).isIn(fault.errors()));
            assertThat(failed).allSatisfy(rec -> assertThat(rec.outcome()).as(rec.error()).isEqualTo(
                    fault.outcome() != null ? fault.outcome() : outcomeOfPhase(rec.error())));

            // A record sent more than once says what its first send died of; the client's own replay of a request
            // on a reused connection that closed unanswered counts as a send too, without a first error.
            List<RequestRecord> retried = records.stream().filter(rec -> rec.firstError() != null).toList();
            assertThat(retried).allSatisfy(rec -> {
                assertThat(rec.attempt()).isGreaterThanOrEqualTo(2);
                assertThat(rec.firstError()).isIn(fault.errors());
            });
            if (fault.everyRequestFails()) {
                assertThat(records).as("every request sent twice, no more").allSatisfy(rec -> {
                    assertThat(rec.attempt()).isEqualTo(2);
                    assertThat(rec.firstError()).isEqualTo(rec.error());
                });
            }
            long sentAgain = records.stream().filter(rec -> rec.attempt() != null && rec.attempt() > 1).count();
            assertThat(summary.path("first_tries").path("retried").asLong()).isEqualTo(sentAgain);
            assertThat(summary.path("first_tries").path("ok_first_try").asLong() + sentAgain)
                    .as("every request either succeeded on its first send or was sent again").isEqualTo(REQUESTS);

            JsonNode pool = summary.path("pool_after");
            assertThat(pool.path("open").asLong()).as("connections open after close: %s", pool).isZero();
            assertThat(pool.path("in_use").asLong()).as("in use at the end: %s", pool).isZero();
            assertThat(pool.path("pending").asLong()).as("pending at the end: %s", pool).isZero();
            assertThat(awaitNoGatewayConnection(lab)).as("gateway connections open after the run").isZero();

            System.out.printf("fault matrix, %s: errors %s, first errors %s%n", fault.name(),
                    new TreeMap<>(failed.stream().collect(Collectors.groupingBy(RequestRecord::error,
                            Collectors.counting()))),
                    summary.path("first_tries").path("first_errors"));
        }
    }

    /** Errors in the phases up to the tunnel's TLS are the proxy's; later ones the target's. */
    private static Outcome outcomeOfPhase(String error) {
        return Set.of("tcp", "connect", "tls").contains(BlockClassifier.phaseOf(error)) ? Outcome.PROXY_FAILURE
                : Outcome.TARGET_ERROR;
    }

    /** A loopback port nothing listens on (closed again at once). */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Binds the locked session to its exit as the gateway would on its first tunnel, then takes that exit offline. */
    private static void takeExitOffline(Lab lab, String user, String password) {
        ParsedCredentials credentials = Dialect.lab().read(user, password);
        Exit exit = lab.sessions().exitFor(credentials.user(), credentials.session(), System.nanoTime()).exit();
        lab.exits().setOnline(exit, false);
    }

    /** Waits (up to 30 s) until the target has seen {@code requests} requests, so that the run is under way. */
    private static void awaitTargetRequests(Lab lab, int requests, CompletableFuture<?> run)
            throws InterruptedException {
        for (long deadline = System.nanoTime() + 30_000_000_000L; System.nanoTime() < deadline && !run.isDone();
                Thread.sleep(5)) {
            if (lab.targetStats().requestsTotal() >= requests) {
                return;
            }
        }
        throw new AssertionError("the target saw no " + requests + " requests within 30 s of the run's start");
    }

    /** The gateway's open client connections once they reach 0, or after 5 s. */
    private static long awaitNoGatewayConnection(Lab lab) throws InterruptedException {
        for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; Thread.sleep(20)) {
            if (lab.openGatewayConnections() == 0) {
                return 0;
            }
        }
        return lab.openGatewayConnections();
    }
}
