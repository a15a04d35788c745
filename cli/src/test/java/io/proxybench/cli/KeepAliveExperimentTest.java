package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.experiments.KeepAliveExperiment;
import io.proxybench.experiments.KeepAliveResult;
import io.proxybench.experiments.KeepAliveRow;
import io.proxybench.experiments.ReuseExperiment;
import io.proxybench.client.session.SessionTemplate;
import io.proxybench.client.tunnel.TlsSettings;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 001's cold share measured through the client's pool on the lab: Poisson arrivals of mean gap 50 ms for 8 s
 * (about 160 requests) with keep-alive 50 ms and 150 ms. The formula says 36.8% and 5.0% cold.
 */
class KeepAliveExperimentTest {

    private static final Duration GAP = Duration.ofMillis(50);

    @TempDir
    static Path home;

    @Test
    void aLongerKeepAliveLowersTheColdShareAsTheFormulaSays() throws Exception {
        KeepAliveResult result;
        try (Lab lab = Lab.start(LabConfig.builder().home(home).build())) {
            result = KeepAliveExperiment.run(new KeepAliveExperiment.Setup(
                    ReuseExperiment.socksTwin(ProxyOrLab.labGateway(lab)), SessionTemplate.parse("{pass}_session-{id}"),
                    ProxyOrLab.labHttp(lab, "/cdn-cgi/trace"), TlsSettings.system(), List.of(Duration.ofSeconds(5)),
                    List.of(Duration.ofSeconds(1)), List.of(Duration.ofMillis(50), Duration.ofMillis(150)),
                    List.of(GAP), Duration.ofSeconds(8), 3, 1, Duration.ofMinutes(1)));
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

    @Test
    void theCommandPrintsJsonAndRefusesBadOptions() throws Exception {
        MainTest.Run json = MainTest.run("keepalive", "--duration", "1s", "--gaps", "50ms", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertThat(result.path("formula")).hasSize(12);
        assertThat(result.path("formula").get(0).path("cold_share").asDouble()).isCloseTo(Math.exp(-5),
                within(1e-12));
        assertThat(result.path("sigmas").asDouble()).isEqualTo(3);
        assertThat(result.path("measured")).hasSize(1);
        JsonNode row = result.path("measured").get(0);
        for (String field : List.of("keep_alive_ms", "gap_ms", "requests", "created", "cold_share", "idle_share",
                "expected", "standard_error", "tolerance", "request_allowance", "within_tolerance",
                "request_mean_ms")) {
            assertThat(row.has(field)).as(field).isTrue();
        }

        for (List<String> args : List.of(
                List.of("keepalive", "--gaps", "0ms"),
                List.of("keepalive", "--sigmas", "0"),
                List.of("keepalive", "--duration", "10ms", "--gaps", "50ms"),
                List.of("keepalive", "--keep-alive", "1ms,2ms,3ms,4ms,5ms", "--gaps", "1ms,2ms,3ms,4ms"),
                List.of("keepalive", "--url", "http://127.0.0.1:9/"))) {
            MainTest.Run bad = MainTest.run(args.toArray(String[]::new));
            assertThat(bad.exitCode()).as(String.join(" ", args)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(bad.err().strip().lines()).as(bad.err()).hasSize(1);
        }
        assertThat(MainTest.run("keepalive", "--duration", "10ms", "--gaps", "50ms").err())
                .contains("--gaps 50ms is longer than --duration 10ms");
    }
}
