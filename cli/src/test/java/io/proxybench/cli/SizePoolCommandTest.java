package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench size-pool}: its table and JSON, a run's records replayed, a bad option named. The live check
 * through the lab, as the command sets it up ({@code SizePoolOnLab}), is integration-tests' SizePoolExperimentTest.
 */
class SizePoolCommandTest {

    @TempDir
    Path home;

    @Test
    void theCommandPrintsTheTableAndJson() throws Exception {
        MainTest.Run text = MainTest.run("size-pool", "--live-for", "0s");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out().lines().skip(1).findFirst().orElseThrow()).contains("sessions", "b4 2/s", "b2 1/s");
        assertThat(text.out()).contains("rule of thumb 2 x 100 / 2 = 100 sessions")
                .contains("rule of thumb 2 x 100 / 1 = 200 sessions").doesNotContain("live:");

        MainTest.Run json = MainTest.run("size-pool", "--live-for", "0s", "--pool-sizes", "50,100", "--json");
        JsonNode result = new ObjectMapper().readTree(json.out());
        assertThat(result.path("requests").asInt()).isEqualTo(3000);
        assertThat(result.path("rows")).hasSize(4);
        assertThat(result.path("rows").get(0).path("sessions").asInt()).isEqualTo(50);
        assertThat(result.path("rows").get(0).path("rejected_pct").asDouble()).isPositive();
        assertThat(result.path("sizing").get(0).path("rule_of_thumb_sessions").asInt()).isEqualTo(100);
        assertThat(result.path("live").isNull()).isTrue();
    }

    @Test
    void recordsAreReplayedAtTheirOwnRate() throws Exception {
        Path file = home.resolve("run.jsonl");
        try (JsonlWriter w = new JsonlWriter(file)) {
            for (int i = 0; i < 1000; i++) {
                w.write(RequestRecord.builder(i * 0.02, i * 0.02 + 0.1).status(200).build()); // 50/s for 20 s
            }
        }

        MainTest.Run r = MainTest.run("size-pool", "--records", file.toString(), "--pool-sizes", "25", "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(r.out());
        assertThat(result.path("source").asText()).isEqualTo("records run.jsonl");
        assertThat(result.path("rate_per_s").asDouble()).isEqualTo(50.0);
        assertThat(result.path("sizing").get(0).path("rule_of_thumb_sessions").asInt()).isEqualTo(50);
    }

    @Test
    void badOptionsExitWith2NamingTheOption() {
        for (String[] args : List.of(new String[] {"--buckets", "4-2"}, new String[] {"--assign", "cycle"},
                new String[] {"--pool-sizes", "0"}, new String[] {"--records", "x.jsonl", "--live-for", "2s"},
                new String[] {"--rate", "0"})) {
            String[] full = new String[args.length + 1];
            full[0] = "size-pool";
            System.arraycopy(args, 0, full, 1, args.length);
            MainTest.Run r = MainTest.run(full);
            assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err().strip().lines()).hasSize(1).first().asString().contains(args[0]);
        }
    }
}
