package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.reuse.ReuseExperiment;
import io.proxybench.experiments.reuse.ReuseRow;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.LatencyPlan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 000's reuse table, measured through the lab with a 20 ms client-to-gateway round trip: the counts follow from
 * each configuration, and the serialized row pays at least one round trip per request. The experiment is run from
 * Java on a lab of the test's own; {@code proxybench reuse}'s table, JSON and option errors are the cli module's
 * ReuseCommandTest.
 */
class ReuseExperimentTest {

    private static final Duration RTT = Duration.ofMillis(20);
    private static final int REQUESTS = 40;

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).latency(new LatencyPlan(RTT, Duration.ZERO, Duration.ZERO))
                .build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static List<ReuseRow> run(int concurrency) throws Exception {
        ProxySpec gateway = ProxySpec.parse("http://lab:lab@127.0.0.1:" + lab.gatewayPort());
        return ReuseExperiment.run(new ReuseExperiment.Setup(gateway, ReuseExperiment.socksTwin(gateway),
                SessionTemplate.parse("{pass}_session-{id}"),
                URI.create("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"),
                TlsSettings.caFile(lab.caFile()), REQUESTS, concurrency, Duration.ofMinutes(2)));
    }

    @Test
    void eachConfigurationOpensWhatItsPoolKeyAndLimitsAllow() throws Exception {
        List<ReuseRow> rows = run(4);

        assertThat(rows).hasSize(8).allSatisfy(r -> assertThat(r.ok()).as(r.configuration()).isEqualTo(REQUESTS));
        ReuseRow fresh = rows.get(0);
        ReuseRow keepAliveZero = rows.get(1);
        ReuseRow limitOne = rows.get(2);
        ReuseRow sticky = rows.get(3);
        assertThat(fresh.created()).isEqualTo(REQUESTS);
        assertThat(fresh.reuseRate()).isZero();
        assertThat(fresh.relativeWall()).isEqualTo(1.0);
        assertThat(keepAliveZero.created()).isEqualTo(REQUESTS);
        assertThat(limitOne.created()).isEqualTo(1);
        assertThat(limitOne.reused()).isEqualTo(REQUESTS - 1);
        assertThat(limitOne.wallSeconds()).as("serialized: a round trip per request at least")
                .isGreaterThanOrEqualTo(REQUESTS * RTT.toNanos() / 1e9);
        assertThat(sticky.created()).isEqualTo(4);
        assertThat(sticky.handshakesPer1000()).isEqualTo(100.0);
        // 10 rounds of at least one round trip each: the crawl outlasts the 100 ms clock period.
        assertThat(rows.get(4).created()).as("the clock changed the session during the crawl")
                .isGreaterThan(sticky.created());
        assertThat(rows.get(5).created()).as("a client per task of 10").isGreaterThanOrEqualTo(REQUESTS / 10)
                .isGreaterThan(sticky.created());
        assertThat(rows.get(6).created()).as("Connection: close").isEqualTo(REQUESTS);
        assertThat(rows.get(7).configuration()).contains("socks5 and http");
        assertThat(rows.get(7).created()).isBetween(2L, (long) REQUESTS);
    }

    @Test
    void theStickyRowOpensAsManyConnectionsAsTheCrawlRunsAtOnce() throws Exception {
        assertThat(run(2).get(3).created()).isEqualTo(2);
    }
}
