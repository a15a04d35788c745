package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.keepalive.KeepAliveExperiment;
import io.proxybench.experiments.keepalive.KeepAliveResult;
import io.proxybench.experiments.keepalive.KeepAliveRow;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's cold share measured through the client's pool on the lab: Poisson arrivals of mean gap 50 ms for 8 s
 * (about 160 requests) with keep-alive 50 ms and 150 ms. The formula says 36.8% and 5.0% cold. The experiment is run
 * from Java on a lab of the test's own; {@code proxybench keepalive}'s JSON and option errors are the cli module's
 * KeepAliveCommandTest.
 */
class KeepAliveExperimentTest {

    private static final Duration GAP = Duration.ofMillis(50);

    @TempDir
    static Path home;

    @Test
    void aLongerKeepAliveLowersTheColdShareAsTheFormulaSays() throws Exception {
        KeepAliveResult result;
        try (Lab lab = Lab.start(LabConfig.builder().home(home).build())) {
            ProxySpec gateway = ProxySpec.parse("http://lab:lab@" + lab.host() + ":" + lab.gatewayPort());
            URI trace = URI.create("http://" + lab.host() + ":" + lab.targetHttpPort() + "/cdn-cgi/trace");
            result = KeepAliveExperiment.run(new KeepAliveExperiment.Setup(ReuseExperiment.socksTwin(gateway),
                    SessionTemplate.parse("{pass}_session-{id}"), trace, TlsSettings.system(),
                    List.of(Duration.ofSeconds(5)), List.of(Duration.ofSeconds(1)),
                    List.of(Duration.ofMillis(50), Duration.ofMillis(150)), List.of(GAP), Duration.ofSeconds(8), 3, 1,
                    Duration.ofMinutes(1)));
        }

        assertThat(result.formula()).hasSize(1);
        assertThat(result.formula().get(0).coldShare()).isCloseTo(Math.exp(-5), within(1e-12));
        assertThat(result.measured()).hasSize(2).allSatisfy(row -> {
            assertThat(row.failed()).isZero();
            assertThat(row.requests()).as("about 8 s / 50 ms").isBetween(100, 220);
            assertThat(row.tolerance()).isCloseTo(3 * Math.sqrt(row.expected() * (1 - row.expected())
                    / row.requests()), within(1e-12));
            assertThat(row.requestAllowance()).isNotNegative();
            assertThat(row.withinTolerance()).as("%s", row).isTrue();
            assertThat(row.coldShare()).as("the pool expires by the idle time it saw")
                    .isCloseTo(row.idleShare(), within(0.03));
        });
        KeepAliveRow shortKeepAlive = result.measured().get(0);
        KeepAliveRow longKeepAlive = result.measured().get(1);
        assertThat(shortKeepAlive.keepAliveMs()).isEqualTo(50);
        assertThat(shortKeepAlive.expected()).isCloseTo(Math.exp(-1), within(1e-12));
        assertThat(longKeepAlive.expected()).isCloseTo(Math.exp(-3), within(1e-12));
        assertThat(shortKeepAlive.coldShare() - longKeepAlive.coldShare()).isGreaterThan(0.15);
    }
}
