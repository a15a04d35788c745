package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code proxybench owners}: its table and JSON, and a bad option named with its fix. Seed 001's lanes on labs that
 * count what the gateway dials and the target accepts are integration-tests' OwnersExperimentTest.
 */
class OwnersCommandTest {

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
