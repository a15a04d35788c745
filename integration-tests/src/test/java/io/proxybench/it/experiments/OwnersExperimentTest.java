package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.ServerSide;
import io.proxybench.experiments.owners.OwnersExperiment;
import io.proxybench.experiments.owners.OwnersResult;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's lanes through the lab with a 20 ms exit-to-target round trip, as against a real gateway: no server-side
 * counters, so the target's trace gives the target's side. Bursts of 4 for 5 rounds. The experiment is run from Java
 * on a lab of the test's own. The runs that read the lab's counters (the forward idle cap deciding the redials) need
 * the counters {@code proxybench owners} hands the experiment, and are the cli module's OwnersCommandTest.
 */
class OwnersExperimentTest {

    private static final Duration RTT = Duration.ofMillis(20);
    private static final int ROUNDS = 5;

    @TempDir
    static Path home;

    @Test
    void withoutTheLabsCountersTheTargetsTraceGivesItsSide() throws Exception {
        OwnersResult r;
        try (Lab lab = Lab.start(LabConfig.builder().home(home).forwardIdleCap(64)
                .latency(new LatencyPlan(Duration.ZERO, Duration.ZERO, RTT)).build())) {
            ProxySpec gateway = ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort());
            URI trace = URI.create("http://" + lab.host() + ":" + lab.targetHttpPort() + "/cdn-cgi/trace");
            r = OwnersExperiment.run(new OwnersExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                    SessionTemplate.parse("{pass}_session-{id}"), trace, TlsSettings.system(), List.of(4),
                    OwnersExperiment.Stream.BURSTS, ROUNDS, ServerSide.UNSEEN, 64, RTT, Duration.ofMinutes(2)));
        }

        assertThat(r.rows()).hasSize(2).allSatisfy(row -> {
            assertThat(row.upstreamDials()).as("a real gateway's dials are not visible").isNull();
            assertThat(row.targetSource()).isEqualTo("trace");
            assertThat(row.targetRequests()).isEqualTo(4L * ROUNDS);
            assertThat(row.targetConnections()).isEqualTo(4);
            assertThat(row.exitAddresses()).isEqualTo(1);
        });
    }
}
