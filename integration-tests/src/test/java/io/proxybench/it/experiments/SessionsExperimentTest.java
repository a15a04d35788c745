package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.sessions.SessionsBurst;
import io.proxybench.experiments.sessions.SessionsExperiment;
import io.proxybench.experiments.sessions.SessionsMode;
import io.proxybench.experiments.sessions.SessionsResult;
import io.proxybench.experiments.sessions.SessionsTable;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 002's rotation vs sticky sessions through the lab. The lab parameter that decides the table is the exit
 * setup: a rotating tunnel pays it every time, a warmed sticky session does not. Without it the two modes are
 * equally fast; with it, sticky sessions carry clearly more requests per second. Few workers, so that the run
 * measures latency and not the CPU of a busy 2-core machine; the assertions leave wide margins. The experiment is run
 * from Java on labs of the test's own; {@code proxybench sessions}'s JSON and option errors are the cli module's
 * SessionsCommandTest.
 */
class SessionsExperimentTest {

    private static final Duration RTT = Duration.ofMillis(30);
    private static final int WORKERS = 6;
    private static final int BURST = 60;
    private static final int BURST_TUNNELS = 20;

    @TempDir
    static Path home;

    /** Runs without exit setup, and with 300 ms of it: once for all tests, each run takes about 12 s. */
    static SessionsResult free;
    static SessionsResult costly;

    @BeforeAll
    static void runBoth() throws Exception {
        free = run(Duration.ZERO);
        costly = run(Duration.ofMillis(300));
    }

    private static SessionsResult run(Duration exitSetup) throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).latency(new LatencyPlan(RTT, exitSetup, RTT))
                .build())) {
            return SessionsExperiment.run(new SessionsExperiment.Setup(
                    ProxySpec.parse("http://lab:lab@127.0.0.1:" + lab.gatewayPort()),
                    SessionTemplate.parse("{pass}_session-{id}"),
                    URI.create("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"),
                    TlsSettings.caFile(lab.caFile()), WORKERS, Duration.ofSeconds(4), BURST, BURST_TUNNELS,
                    Duration.ofMinutes(2)));
        }
    }

    @Test
    void theExitSetupIsWhatMakesWarmStickySessionsFaster() {
        for (SessionsResult r : new SessionsResult[] {free, costly}) {
            SessionsMode rotation = r.modes().get(0);
            SessionsMode sticky = r.modes().get(1);
            assertThat(rotation.mode()).startsWith("rotation");
            assertThat(rotation.failed() + sticky.failed()).isZero();
            assertThat(rotation.uniqueExits()).as("a new exit per tunnel").isEqualTo(rotation.ok());
            assertThat(rotation.tunnelsOpened()).isEqualTo(rotation.ok());
            assertThat(sticky.uniqueExits()).as("one exit per worker's session").isEqualTo(WORKERS);
            assertThat(sticky.tunnelsOpened()).as("still a new tunnel per request").isEqualTo(sticky.ok());
        }
        assertThat(free.throughputRatio()).as("no exit setup: the same latency either way").isBetween(0.6, 1.5);
        assertThat(costly.throughputRatio()).as("rotation pays 300 ms per tunnel, warm sessions do not")
                .isGreaterThan(1.5);
        assertThat(costly.modes().get(0).tlsP50Ms()).as("the exit setup lands in the TLS phase")
                .isGreaterThan(costly.modes().get(1).tlsP50Ms() + 150);
        assertThat(SessionsTable.text(costly)).contains("sticky / rotation steady throughput: ")
                .contains("one sticky session, warmed");
    }

    @Test
    void aWarmedStickySessionKeepsOneExitAcrossABurstOfTunnels() {
        SessionsBurst sticky = free.bursts().get(0);
        SessionsBurst rotating = free.bursts().get(1);

        assertThat(sticky.ok()).isEqualTo(BURST);
        assertThat(sticky.tunnelsOpened()).as("the burst opened many tunnels").isGreaterThan(BURST_TUNNELS / 2);
        assertThat(sticky.uniqueExits()).isEqualTo(1);
        assertThat(sticky.topExitShare()).isEqualTo(1.0);
        assertThat(rotating.ok()).isEqualTo(BURST);
        assertThat(rotating.uniqueExits()).as("an exit per tunnel").isEqualTo((int) rotating.tunnelsOpened())
                .isGreaterThan(BURST_TUNNELS / 2);
    }
}
