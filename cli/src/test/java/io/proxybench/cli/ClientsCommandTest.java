package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench clients} end to end on the embedded lab, small: two clients, every figure in the JSON. */
@Timeout(120)
class ClientsCommandTest {

    @Test
    void printsEachClientsLoadsAndIsolationRowsAsJsonWithTheGatewaysCounts() throws Exception {
        MainTest.Run r = MainTest.run("clients", "--client", "proxybench,okhttp", "--requests", "30",
                "--in-flight", "6", "--isolation-requests", "4", "--warm-up", "0", "--json");

        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.get("requests").asInt()).isEqualTo(30);
        assertThat(json.get("in_flight").asInt()).isEqualTo(6);
        assertThat(json.get("where").asText()).contains("embedded lab", "asking for an account");
        JsonNode loads = json.get("loads");
        assertThat(loads).hasSize(4);
        assertThat(loads.get(0).get("client").asText()).isEqualTo("proxybench");
        assertThat(loads.get(2).get("client").asText()).isEqualTo("OkHttp");
        for (JsonNode load : loads) {
            assertThat(load.get("ok").asInt()).as(load.toString()).isEqualTo(30);
            assertThat(load.get("tunnels_opened").asLong()).as(load.toString()).isBetween(1L, 30L);
            assertThat(load.get("peak_tunnels").asLong()).as(load.toString()).isBetween(1L, 30L);
            assertThat(load.get("unique_exits").asInt()).as(load.toString())
                    .isLessThanOrEqualTo(load.get("tunnels_opened").asInt());
        }
        assertThat(loads.get(1).get("line").asText()).contains("PoolLimits.builder().maxPerKey(6).maxPerExit(6)");
        JsonNode isolation = json.get("isolation");
        assertThat(isolation).hasSize(4);
        assertThat(isolation.get(0).get("client").asText()).isEqualTo("proxybench");
        assertThat(isolation.get(0).get("mixed").asInt()).isZero();
        assertThat(isolation.get(0).get("ok").asInt()).isEqualTo(4);
        assertThat(r.out()).doesNotContain("lab:lab");
    }

    /**
     * With {@code --proxy}, the gateway's own counts cannot be seen: those figures are absent, not zero, and the rest
     * is measured as on the lab. A lab stands in for the real gateway.
     */
    @Test
    void aRealGatewayLeavesTheTunnelFiguresOutAndMeasuresTheRest(@TempDir Path home) throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).auth("acct", "s3cret-9").build())) {
            MainTest.Run r = MainTest.run("clients", "--client", "jetty,proxybench", "--requests", "20",
                    "--in-flight", "4", "--isolation-requests", "2", "--warm-up", "0", "--json",
                    "--proxy", "http://acct:s3cret-9@" + lab.host() + ":" + lab.gatewayPort(),
                    "--url", "https://" + lab.host() + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                    "--ca", lab.caFile().toString());

            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode json = new ObjectMapper().readTree(r.out());
            assertThat(json.get("where").asText()).startsWith("gateway " + lab.host() + ":" + lab.gatewayPort());
            for (JsonNode load : json.get("loads")) {
                assertThat(load.get("ok").asInt()).as(load.toString()).isEqualTo(20);
                assertThat(load.get("peak_tunnels").isNull()).as(load.toString()).isTrue();
                assertThat(load.get("tunnels_opened").isNull()).as(load.toString()).isTrue();
                assertThat(load.get("unique_exits").asInt()).as(load.toString()).isPositive();
            }
            assertThat(json.get("isolation").findValuesAsText("verdict")).containsExactly("n/a", "apart", "apart",
                    "apart");
            assertThat(r.out() + r.err()).doesNotContain("s3cret-9");
        }
    }
}
