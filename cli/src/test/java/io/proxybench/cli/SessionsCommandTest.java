package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code proxybench sessions} on the embedded lab: its JSON, and a bad option refused with one line naming it. What
 * makes sticky sessions faster than rotation is checked in integration-tests' SessionsExperimentTest.
 */
class SessionsCommandTest {

    @Test
    void theCommandPrintsJsonAndRejectsBadOptions() throws Exception {
        MainTest.Run json = MainTest.run("sessions", "--duration", "3s", "--concurrency", "2", "--burst-requests",
                "10", "--burst-tunnels", "5", "--rtt", "0ms", "--exit-setup", "0ms", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(json.out());
        assertThat(r.path("concurrency").asInt()).isEqualTo(2);
        assertThat(r.path("modes")).hasSize(2);
        assertThat(r.path("modes").get(1).path("unique_exits").asInt()).isEqualTo(2);
        assertThat(r.path("modes").get(0).has("steady_requests_per_second")).isTrue();
        assertThat(r.path("modes").get(0).has("tls_p50_ms")).isTrue();
        assertThat(r.has("throughput_ratio")).isTrue();
        assertThat(r.path("bursts")).hasSize(2);
        assertThat(r.path("bursts").get(0).path("unique_exits").asInt()).isEqualTo(1);

        MainTest.Run shortRun = MainTest.run("sessions", "--duration", "1s");
        assertThat(shortRun.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(shortRun.err().strip().lines()).hasSize(1).first().asString().contains("--duration")
                .contains("at least 3s");
        MainTest.Run labOption = MainTest.run("sessions", "--proxy", "http://u:p@127.0.0.1:9", "--url",
                "https://127.0.0.1:9/", "--exit-setup", "50ms");
        assertThat(labOption.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(labOption.err()).contains("--exit-setup");
    }
}
