package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code proxybench keepalive} on the embedded lab: its JSON, and a bad option refused with one line. The cold shares
 * the experiment measures are checked in integration-tests' KeepAliveExperimentTest.
 */
class KeepAliveCommandTest {

    @Test
    void theCommandPrintsJsonAndRefusesBadOptions() throws Exception {
        MainTest.Run json = MainTest.run("keepalive", "--duration", "1s", "--gaps", "50ms", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertThat(result.path("formula")).hasSize(12);
        assertThat(result.path("formula").get(0).path("cold_share").asDouble()).as("exp(-5), to 3 significant digits")
                .isEqualTo(0.00674);
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
