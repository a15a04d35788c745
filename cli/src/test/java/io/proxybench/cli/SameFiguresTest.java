package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run's records through {@code run}, {@code analyze} and {@code compare}: each prints the same figure for the same
 * records (bytes per success, percentiles per phase, unique exits, outcomes, first tries), failures, blocks and retries
 * included, because all three are views of one statistics. The lab refuses a fifth of its tunnels, the target answers
 * a third of the requests with 503, and a failed request is retried once. Bounded: 60 req/s for 4 s.
 */
class SameFiguresTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(0.2, 0, 0, 7)).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void runAnalyzeAndCompareAgreeOnEveryFigure(@TempDir Path dir) throws Exception {
        Path records = dir.resolve("run.jsonl");
        String target = "https://127.0.0.1:" + lab.targetHttpsPort();
        MainTest.Run run = MainTest.run("run", "--url", target + "/cdn-cgi/trace", "--url", target + "/cdn-cgi/trace",
                "--url", target + "/status/503", "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(),
                "--ca", lab.caFile().toString(), "--session-template", "{pass}_session-{id}", "--sessions", "8",
                "--rotation", "per-request", "--retries", "1", "--rate", "60", "--duration", "4s", "--no-warmup",
                "--no-progress", "--json", "--out", records.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode summary = JSON.readTree(run.out());
        MainTest.Run analyzed = MainTest.run("analyze", records.toString(), "--json");
        assertThat(analyzed.exitCode()).as(analyzed.err()).isZero();
        JsonNode analysis = JSON.readTree(analyzed.out());
        MainTest.Run compared = MainTest.run("compare", records.toString(), "--json");
        assertThat(compared.exitCode()).as(compared.err()).isZero();
        JsonNode figures = JSON.readTree(compared.out()).path("runs").get(0);

        // The run had what makes figures differ when defined twice: failures, blocks, retries, new and reused.
        assertThat(summary.path("outcomes").path("proxy_failure").asLong()).isPositive();
        assertThat(summary.path("outcomes").path("hard_block").asLong()).isPositive();
        assertThat(summary.path("first_tries").path("retried").asLong()).isPositive();

        assertThat(analysis.path("records").asLong()).isEqualTo(summary.path("scheduled").asLong())
                .isEqualTo(figures.path("records").asLong()).isEqualTo(240);
        assertThat(analysis.path("ok").asLong()).isEqualTo(summary.path("ok").asLong());
        assertThat(analysis.path("bytes_per_ok").asDouble()).isEqualTo(summary.path("bytes_per_ok").asDouble())
                .isEqualTo(figures.path("bytes_per_ok").asDouble()).isPositive();
        assertThat(analysis.path("phases_ms")).isEqualTo(summary.path("phases_ms"));
        assertThat(figures.path("p99_ms").asDouble())
                .isEqualTo(summary.path("phases_ms").path("total").path("p99").asDouble());
        assertThat(figures.path("p99_new_tunnel_ms").asDouble())
                .isEqualTo(summary.path("new_connection_total_ms").path("p99").asDouble());
        assertThat(analysis.path("exits").path("unique_ips").asLong())
                .isEqualTo(summary.path("unique_exit_ips").asLong()).isEqualTo(figures.path("unique_ips").asLong());
        assertThat(analysis.path("outcomes")).isEqualTo(summary.path("outcomes"));
        assertThat(figures.path("accepted").asLong()).isEqualTo(summary.path("outcomes").path("data").asLong());
        assertThat(figures.path("hard_blocks").asLong())
                .isEqualTo(summary.path("outcomes").path("hard_block").asLong());
        assertThat(analysis.path("first_tries")).isEqualTo(summary.path("first_tries"));
        assertThat(figures.path("retried").asLong()).isEqualTo(summary.path("first_tries").path("retried").asLong());
        assertThat(analysis.path("failures_per_phase")).isEqualTo(figures.path("failures_by_phase"));
        assertThat(analysis.path("steady")).isEqualTo(summary.path("steady"));
    }
}
