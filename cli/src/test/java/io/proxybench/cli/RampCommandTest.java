package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.LabHome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code proxybench ramp}: on a lab with a per-user limit it finds the limit within one step and blames the gateway;
 * against a target that blocks, it blames the target; bad options get one line naming the fix, before anything
 * starts. Steps of 1 s, so each ramp takes a few seconds.
 */
class RampCommandTest {

    private static final int LIMIT = 25;
    private static final int STEP = 10;

    @RegisterExtension
    static final LabHome home = new LabHome();

    @Test
    void theLabsPerUserLimitIsFoundWithinOneStepAndPutDownToTheGateway() throws Exception {
        MainTest.Run r = MainTest.run("ramp", "--lab-limit", "" + LIMIT, "--from", "10", "--step", "" + STEP,
                "--to", "60", "--step-for", "1s", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = new ObjectMapper().readTree(r.out());
        JsonNode verdict = result.get("verdict");
        int found = verdict.get("limit_at").asInt();
        assertThat(found).as(r.out()).isGreaterThan(LIMIT).isLessThanOrEqualTo(LIMIT + STEP);
        assertThat(verdict.get("cause").asText()).isEqualTo("gateway");
        assertThat(verdict.get("label").asText()).isEqualTo("connect_429");
        assertThat(verdict.get("text").asText()).startsWith("limit shows at concurrency " + found + ": ")
                .contains("of requests refused by the gateway (connect_429); last clean step: " + (found - STEP));
        assertThat(result.get("lab_limit").asInt()).isEqualTo(LIMIT);

        JsonNode steps = result.get("steps");
        assertThat(steps).hasSize((found - 10) / STEP + 1);
        for (JsonNode step : steps) {
            int concurrency = step.get("concurrency").asInt();
            int requests = step.get("requests").asInt();
            assertThat(step.get("ok").asInt() + step.get("gateway_refusals").asInt()
                    + step.get("target_blocks").asInt() + step.get("other_failures").asInt()).isEqualTo(requests);
            if (concurrency < found) {
                assertThat(step.get("past").asBoolean()).as("step %d", concurrency).isFalse();
                assertThat(step.get("gateway_refusals").asInt()).as("step %d", concurrency).isZero();
            } else {
                assertThat(step.get("past").asBoolean()).isTrue();
                assertThat(step.get("gateway_refusals").asInt()).isPositive();
                assertThat(step.get("failures").get("gateway").get("connect_429").asInt())
                        .isEqualTo(step.get("gateway_refusals").asInt());
            }
        }
    }

    /** An open proxy (the lab's gateway without auth, as squid or a corporate egress) is ramped without an account. */
    @Test
    void anOpenProxyIsRampedWithoutCredentials() throws Exception {
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be the open proxy's account: unset them");
        try (Lab lab = Lab.start(LabConfig.builder().home(home.dir()).build())) {
            MainTest.Run r = MainTest.run("ramp", "--proxy", "http://127.0.0.1:" + lab.gatewayPort(),
                    "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace", "--ca",
                    lab.caFile().toString(), "--from", "2", "--step", "2", "--to", "4", "--step-for", "1s", "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode steps = new ObjectMapper().readTree(r.out()).get("steps");
            assertThat(steps).as(r.out()).hasSize(2);
            assertThat(steps.get(0).get("ok").asInt()).as(r.out()).isPositive();
            assertThat(steps.get(0).get("gateway_refusals").asInt()).as(r.out()).isZero();
        }
    }

    @Test
    void aTargetThatBlocksIsNotBlamedOnTheGatewayAndThePasswordIsMasked() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home.dir()).build())) {
            MainTest.Run r = MainTest.run("ramp", "--proxy", "http://lab:hunter2@127.0.0.1:" + lab.gatewayPort(),
                    "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/status/429", "--ca",
                    lab.caFile().toString(), "--from", "2", "--step", "2", "--to", "4", "--step-for", "1s");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).contains("ramp through http://lab:****@127.0.0.1:" + lab.gatewayPort())
                    .contains("target: hard_block_429 ")
                    .contains("verdict: target blocks at concurrency 2: 100.0% of requests blocked by the target"
                            + " (hard_block_429), not refused by the gateway")
                    .doesNotContain("hunter2");
            assertThat(lab.gatewayCounters().overUserLimit()).isZero();
        }
    }

    @Test
    void noLimitOnTheLabIsNoLimitUpToTheTop() throws Exception {
        MainTest.Run r = MainTest.run("ramp", "--from", "4", "--step", "4", "--to", "8", "--step-for", "1s");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("(lab, no per-user limit)")
                .contains("verdict: no limit up to concurrency 8: every step within the thresholds");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ramp --step 0                 | --step 0 must be at least 1: each step adds that many workers",
        "ramp --from 50 --to 20        | --from 50 is above --to 20: the ramp rises from --from to --to; lower --from"
                + " or raise --to",
        "ramp --from 0                 | --from 0 must be at least 1 worker",
        "ramp --to 5000                | --to 5000 is out of range: use 1 to 1024",
        "ramp --from 1 --step 1 --to 500 | makes 500 steps, more than 100: raise --step",
        "ramp --step-for 0s            | --step-for 0s is out of range: use 1s to 10m per step",
        "ramp --step-for 11m           | --step-for 11m is out of range: use 1s to 10m per step",
        "ramp --max-errors 1.5         | --max-errors 1.5 must be a fraction from 0 to under 1",
        "ramp --max-p99 0s             | --max-p99 must be above 0",
        "ramp --lab-limit -1           | --lab-limit -1 must be 0 (no limit) or more",
        "ramp --timeout 0s             | --timeout",
        "ramp --url https://127.0.0.1:9/ | --url, --ca and --insecure go with --proxy",
        "ramp --proxy http://u:p@127.0.0.1:9 | --proxy needs --url",
        "ramp --proxy http://u:p@127.0.0.1:9 --url https://127.0.0.1:9/ --lab-limit 5"
                + " | --lab-limit applies to the embedded lab only; leave it out with --proxy or --proxy-file",
        "ramp --proxy http://u:p@127.0.0.1:9 --url http://127.0.0.1:9/"
                + " | would be forwarded by the HTTP proxy, not tunnelled",
    })
    void badOptionsGetOneLineNamingTheFix(String args, String error) {
        MainTest.Run run = MainTest.run(args.trim().split(" +"));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(run.err().strip().lines()).as(run.err()).hasSize(1).first().asString().contains(error.trim());
        assertThat(run.err()).doesNotContain("u:p@");
    }

    @Test
    void aProxyFileExcludesProxyAndNeedsAUrl() throws Exception {
        Path file = Files.writeString(home.dir().resolve("proxies.txt"), "# two gateways\nhttp://u:p@127.0.0.1:9\n"
                + "socks5h://u:p@127.0.0.1:9\n");
        MainTest.Run both = MainTest.run("ramp", "--proxy-file", file.toString(), "--proxy", "http://u:p@127.0.0.1:9",
                "--url", "https://127.0.0.1:9/");
        assertThat(both.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(both.err()).contains("--proxy and --proxy-file exclude each other");
        MainTest.Run noUrl = MainTest.run("ramp", "--proxy-file", file.toString());
        assertThat(noUrl.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(noUrl.err()).contains("--proxy-file needs --url");
    }
}
