package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * {@code proxybench bytes} on the embedded lab: its JSON, and a bad option refused with one line naming it. The
 * experiment's figures are checked in integration-tests' BytesExperimentTest.
 */
class BytesCommandTest {

    @Test
    void theCommandPrintsJsonAndRejectsBadOptions() throws Exception {
        MainTest.Run json = MainTest.run("bytes", "--samples", "2", "--group", "default", "--per-tunnel", "1,10",
                "--requests", "1000", "--json");
        assertThat(json.exitCode()).as(json.err()).isZero();
        JsonNode r = new ObjectMapper().readTree(json.out());
        assertThat(r.path("projected_requests").asLong()).isEqualTo(1000);
        JsonNode row = r.path("rows").get(0);
        assertThat(row.path("groups_offered").asText()).isEqualTo("default");
        assertThat(row.path("new_tunnel").path("total").asDouble())
                .isGreaterThan(row.path("reused_tunnel").path("total").asDouble());
        assertThat(row.path("projections")).hasSize(2);
        assertThat(row.path("projections").get(1).path("tunnels").asLong()).isEqualTo(100);

        for (String[] bad : new String[][] {{"--group", "X25519:"}, {"--samples", "0"}, {"--per-tunnel", "0"},
                {"--path", "bytes/10"}, {"--proxy", "http://u:p@127.0.0.1:9", "--url", "https://127.0.0.1:9/",
                    "--path", "/bytes/10"}}) {
            String[] args = new String[bad.length + 1];
            args[0] = "bytes";
            System.arraycopy(bad, 0, args, 1, bad.length);
            MainTest.Run run = MainTest.run(args);
            assertThat(run.exitCode()).as(String.join(" ", bad)).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(run.err().strip().lines()).hasSize(1).first().asString().contains(bad[bad.length - 2]);
        }
    }
}
