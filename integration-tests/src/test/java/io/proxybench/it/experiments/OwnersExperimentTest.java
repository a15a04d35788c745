package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.LabServerSide;
import io.proxybench.experiments.LabTargets;
import io.proxybench.experiments.ServerSide;
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
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's lanes through the lab with a 20 ms exit-to-target round trip, bursts for 5 rounds, run from Java on labs
 * of the test's own. With the lab's counters ({@link LabServerSide}, as {@code proxybench owners} runs it), the
 * gateway's forward idle cap decides how often the forward lane redials, while the SOCKS5 lane's reuse is the
 * client's own: with room for 8 idle connections the forward lane dials 8 for bursts of 8 and reuses them; with room
 * for 2 it redials 6 per round. Without the counters, as against a real gateway, the target's trace gives the
 * target's side. {@code proxybench owners}'s table, JSON and option errors are the cli module's OwnersCommandTest.
 */
class OwnersExperimentTest {

    private static final Duration RTT = Duration.ofMillis(20);
    private static final int ROUNDS = 5;

    @TempDir
    static Path home;

    /** Both lanes at {@code levels} on a lab with this forward idle cap, reading the lab's counters. */
    private static OwnersResult run(int forwardIdleCap, List<Integer> levels) throws Exception {
        return run(forwardIdleCap, levels, LabServerSide::new);
    }

    /** Both lanes at {@code levels} on a lab with this forward idle cap, {@code server} its side's counters. */
    private static OwnersResult run(int forwardIdleCap, List<Integer> levels, Function<Lab, ServerSide> server)
            throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).forwardIdleCap(forwardIdleCap)
                .latency(new LatencyPlan(Duration.ZERO, Duration.ZERO, RTT)).build())) {
            ProxySpec gateway = LabTargets.gateway(lab);
            return OwnersExperiment.run(new OwnersExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                    SessionTemplate.parse("{pass}_session-{id}"), LabTargets.http(lab, LabTargets.TRACE),
                    TlsSettings.system(), levels, OwnersExperiment.Stream.BURSTS, ROUNDS, server.apply(lab),
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
    void withoutTheLabsCountersTheTargetsTraceGivesItsSide() throws Exception {
        OwnersResult r = run(64, List.of(4), lab -> ServerSide.UNSEEN);

        assertThat(r.rows()).hasSize(2).allSatisfy(row -> {
            assertThat(row.upstreamDials()).as("a real gateway's dials are not visible").isNull();
            assertThat(row.targetSource()).isEqualTo("trace");
            assertThat(row.targetRequests()).isEqualTo(4L * ROUNDS);
            assertThat(row.targetConnections()).isEqualTo(4);
            assertThat(row.exitAddresses()).isEqualTo(1);
        });
    }
}
