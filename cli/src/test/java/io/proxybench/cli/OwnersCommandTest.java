package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.owners.OwnersExperiment;
import io.proxybench.experiments.owners.OwnersResult;
import io.proxybench.experiments.owners.OwnersRow;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench owners}: its table and JSON, a bad option named with its fix, and seed 001's lanes on labs that
 * count what the gateway dials and the target accepts, through {@link OwnersCommand#counters} (the lab's counters,
 * which only a command can hand the experiment: the experiments module does not depend on the lab). With a 20 ms
 * exit-to-target round trip, the gateway's forward idle cap decides how often the forward lane redials, while the
 * SOCKS5 lane's reuse is the client's own. Bursts of 8 for 5 rounds: with room for 8 idle connections the forward
 * lane dials 8 and reuses them; with room for 2 it redials 6 per round. The run without server-side counters is
 * integration-tests' OwnersExperimentTest.
 */
class OwnersCommandTest {

    private static final Duration RTT = Duration.ofMillis(20);
    private static final int ROUNDS = 5;

    @TempDir
    static Path home;

    private static OwnersResult run(int forwardIdleCap, List<Integer> levels) throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).forwardIdleCap(forwardIdleCap)
                .latency(new LatencyPlan(Duration.ZERO, Duration.ZERO, RTT)).build())) {
            ProxySpec gateway = ProxyOrLab.labGateway(lab);
            return OwnersExperiment.run(new OwnersExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                    SessionTemplate.parse("{pass}_session-{id}"), ProxyOrLab.labHttp(lab, "/cdn-cgi/trace"),
                    TlsSettings.system(), levels, OwnersExperiment.Stream.BURSTS, ROUNDS, OwnersCommand.counters(lab),
                    forwardIdleCap, RTT, Duration.ofMinutes(2)));
        }
    }

    private static OwnersRow row(OwnersResult result, String lane, int concurrency) {
        return result.rows().stream().filter(r -> r.lane().equals(lane) && r.concurrency() == concurrency)
                .findFirst().orElseThrow();
    }

    @Test
    void theForwardIdleCapDecidesHowOftenTheForwardLaneRedials() throws Exception {
        OwnersResult capTwo = run(2, List.of(1, 8));
        OwnersResult capSixtyFour = run(64, List.of(1, 8));

        for (OwnersResult r : List.of(capTwo, capSixtyFour)) {
            assertThat(r.rows()).hasSize(4).allSatisfy(row -> {
                assertThat(row.failed()).as(row.lane()).isZero();
                assertThat(row.targetSource()).isEqualTo("lab");
                assertThat(row.targetRequests()).isEqualTo((long) row.requests());
                assertThat(row.exitAddresses()).as("one sticky session, one exit").isEqualTo(1);
                assertThat(row.clientConnections()).as("the client's pool").isEqualTo(row.concurrency());
            });
            assertThat(row(r, OwnersExperiment.FORWARD, 1).requestsPerConnection()).isEqualTo(ROUNDS);
            assertThat(row(r, OwnersExperiment.FORWARD, 1).p99Ms()).as("5 answers: too few for a p99").isNull();
            assertThat(row(r, OwnersExperiment.FORWARD, 8).p99Ms()).as("40 answers").isNotNull();
            OwnersRow socks = row(r, OwnersExperiment.SOCKS5, 8);
            assertThat(socks.upstreamDials()).isEqualTo(8);
            assertThat(socks.targetConnections()).isEqualTo(8);
            assertThat(socks.requestsPerConnection()).isEqualTo(ROUNDS);
        }
        OwnersRow churned = row(capTwo, OwnersExperiment.FORWARD, 8);
        OwnersRow pooled = row(capSixtyFour, OwnersExperiment.FORWARD, 8);
        assertThat(pooled.upstreamDials()).isEqualTo(8);
        assertThat(pooled.requestsPerConnection()).isEqualTo(ROUNDS);
        assertThat(churned.upstreamDials()).as("6 redials per round after the first")
                .isGreaterThanOrEqualTo(8 + 6 * (ROUNDS - 1) - 4);
        assertThat(churned.targetConnections()).isEqualTo(churned.upstreamDials());
        assertThat(churned.requestsPerConnection()).isLessThan(1.5);
        assertThat(churned.p50Ms()).as("a redial costs one more round trip")
                .isGreaterThan(row(capTwo, OwnersExperiment.SOCKS5, 8).p50Ms());
    }

    @Test
    void aRepeatedLevelStartsWithoutTheIdleConnectionsOfTheOneBefore() throws Exception {
        OwnersResult r = run(2, List.of(2, 2));

        List<OwnersRow> forward = r.rows().stream().filter(row -> row.lane().equals(OwnersExperiment.FORWARD))
                .toList();
        assertThat(forward).hasSize(2).allSatisfy(row -> {
            assertThat(row.upstreamDials()).as("a session of its own, so an exit of its own to dial from")
                    .isEqualTo(2);
            assertThat(row.targetConnections()).isEqualTo(2);
            assertThat(row.requestsPerConnection()).isEqualTo(ROUNDS);
        });
    }

    @Test
    void theCommandPrintsTheTableAndJson() throws Exception {
        MainTest.Run text = MainTest.run("owners", "--concurrency", "1,2", "--rounds", "2", "--rtt", "0ms");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines().toList().get(1)).startsWith("lane").contains("dials").contains("req/conn");
        assertThat(text.out()).contains("http-forward").contains("socks5").doesNotContain("unknown");

        MainTest.Run json = MainTest.run("owners", "--concurrency", "1,2", "--rounds", "2", "--rtt", "0ms",
                "--forward-idle-cap", "4", "--stream", "workers", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertThat(result.path("forward_idle_cap").asInt()).isEqualTo(4);
        assertThat(result.path("stream").asText()).isEqualTo("workers");
        assertThat(result.path("rows")).hasSize(4);
        JsonNode first = result.path("rows").get(0);
        assertThat(first.path("lane").asText()).isEqualTo("http-forward");
        for (String field : List.of("concurrency", "requests", "failed", "client_connections", "upstream_dials",
                "target_requests", "target_connections", "requests_per_connection", "target_source", "p50_ms",
                "p99_ms")) {
            assertThat(first.has(field)).as(field).isTrue();
        }
        assertThat(result.path("rows").get(3).path("requests").asInt()).isEqualTo(4);
    }

    @Test
    void badOptionsNameTheOptionAndTheFix() {
        String proxy = "http://u:p@127.0.0.1:9";
        String socks = "socks5h://u:p@127.0.0.1:9";
        for (List<String> args : List.of(
                List.of("owners", "--concurrency", "0"),
                List.of("owners", "--rounds", "0"),
                List.of("owners", "--stream", "sideways"),
                List.of("owners", "--proxy", proxy, "--url", "http://127.0.0.1:9/"),
                List.of("owners", "--proxy", proxy, "--socks", socks, "--url", "https://127.0.0.1:9/"),
                List.of("owners", "--proxy", proxy, "--socks", socks, "--url", "http://127.0.0.1:9/", "--rtt",
                        "10ms"),
                List.of("owners", "--socks", socks))) {
            MainTest.Run bad = MainTest.run(args.toArray(String[]::new));
            assertThat(bad.exitCode()).as(String.join(" ", args)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(bad.err().strip().lines()).as(bad.err()).hasSize(1);
        }
        assertThat(MainTest.run("owners", "--concurrency", "0").err()).contains("--concurrency 0 is out of range");
        assertThat(MainTest.run("owners", "--proxy", proxy, "--url", "http://127.0.0.1:9/").err())
                .contains("--proxy needs --socks");
        assertThat(MainTest.run("owners", "--proxy", proxy, "--socks", socks, "--url", "https://127.0.0.1:9/").err())
                .contains("--url must be a plain http:// URL");
    }
}
