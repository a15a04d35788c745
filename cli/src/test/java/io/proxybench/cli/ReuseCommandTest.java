package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code proxybench reuse} on the embedded lab: its table and JSON, and a bad option refused with one line naming the
 * fix. The counts of each configuration are checked in integration-tests' ReuseExperimentTest.
 */
class ReuseCommandTest {

    @Test
    void theCommandPrintsTheTableAndJson() throws Exception {
        MainTest.Run text = MainTest.run("reuse", "--requests", "20", "--concurrency", "2", "--latency", "0ms");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines().findFirst().orElseThrow()).startsWith("configuration").contains("created");
        assertThat(text.out()).contains("sticky, pool limit 1").contains("leak: new client per task of 10");

        MainTest.Run json = MainTest.run("reuse", "--requests", "20", "--concurrency", "2", "--latency", "0ms",
                "--json");
        JsonNode rows = new ObjectMapper().readTree(json.out());
        assertThat(rows).hasSize(8);
        assertThat(rows.get(0).path("created").asLong()).isEqualTo(20);
        assertThat(rows.get(3).path("created").asLong()).isEqualTo(2);

        MainTest.Run bad = MainTest.run("reuse", "--proxy", "http://gw:8080");
        assertThat(bad.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(bad.err().strip().lines()).hasSize(1).first().asString().contains("--url");
    }
}
