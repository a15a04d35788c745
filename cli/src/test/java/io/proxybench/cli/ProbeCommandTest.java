package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.Peer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code proxybench probe} as a user types it, against a lab speaking Oxylabs' dialect: text, JSON and HTML. */
class ProbeCommandTest {

    @TempDir
    static Path home;

    @Test
    void theCardPrintsAsTextJsonAndHtmlWithoutThePassword() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).dialect(Dialect.named("oxylabs"))
                .auth("customer-acct", "s3cret").exits(256).build())) {
            String country = lab.exits().countries().get(0);
            String[] common = {"probe", "--proxy", "http://customer-acct:s3cret@127.0.0.1:" + lab.gatewayPort(),
                "--https-proxy", "https://customer-acct:s3cret@127.0.0.1:" + lab.gatewayTlsPort(),
                "--target", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--http-target", "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace",
                "--ca", lab.caFile().toString(), "--provider", "oxylabs", "--country", country,
                "--session-watch", "2s", "--budget-requests", "150"};
            MainTest.Run text = MainTest.run(common);
            assertThat(text.exitCode()).as(text.err()).isZero();
            assertThat(text.out()).startsWith("proxybench probe: http://customer-acct:****@127.0.0.1:")
                    .contains("sessions in the oxylabs dialect")
                    .contains("rotation per tunnel").contains("yes: 10 exits in 10")
                    .contains("country targeting").contains("10 of 10 exits in " + country)
                    .contains("concurrency at which refusals start").contains("not measured: the ramp is opt-in")
                    .doesNotContain("s3cret");

            Path html = home.resolve("card");
            String[] withJson = Stream.concat(Arrays.stream(common),
                    Stream.of("--json", "--html", html.toString())).toArray(String[]::new);
            MainTest.Run json = MainTest.run(withJson);
            assertThat(json.exitCode()).as(json.err()).isZero();
            JsonNode card = new ObjectMapper().readTree(json.out());
            assertThat(card.path("dialect").asText()).isEqualTo("oxylabs");
            assertThat(card.path("requests").asInt()).isBetween(20, 150);
            JsonNode first = card.path("lines").get(0);
            assertThat(first.path("id").asText()).isEqualTo("protocol_connect");
            assertThat(first.path("figure").asDouble()).isEqualTo(1.0);
            String page = Files.readString(html.resolve("index.html"));
            assertThat(page).contains("Report card").contains("rotation per tunnel").doesNotContain("s3cret");
        }
    }

    @Test
    void badOptionsFailOnOneLine() {
        String[][] cases = {
            {"--target http://x/", "--target http://x/ is not https://"},
            {"--budget-requests 5", "--budget-requests 5 is below 20"},
            {"--provider acme", "--provider: unknown provider 'acme'"},
            {"--session-watch 1s", "--session-watch 1s must be at least 2s"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("probe", "--proxy",
                    "http://u:hunter2@127.0.0.1:9"));
            args.addAll(List.of(c[0].split(" ")));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(c[0]).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(c[0]).contains(c[1]).doesNotContain("hunter2");
        }
    }

    /**
     * An open proxy (the lab's gateway without auth, as squid or a corporate egress) is probed without credentials:
     * a card, no diagnosis, the lines that need a session saying why they are not measured.
     */
    @Test
    void anOpenProxyIsProbedWithoutCredentials() throws Exception {
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be the open proxy's account: unset them");
        try (Lab lab = Lab.start(LabConfig.builder().home(home.resolve("open")).exits(256).build())) {
            MainTest.Run r = MainTest.run("probe", "--proxy", "http://127.0.0.1:" + lab.gatewayPort(),
                    "--https-proxy", "https://127.0.0.1:" + lab.gatewayTlsPort(),
                    "--target", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                    "--http-target", "http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace",
                    "--ca", lab.caFile().toString(), "--session-watch", "2s", "--budget-requests", "100");
            assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
            assertThat(r.out()).startsWith("proxybench probe: http://127.0.0.1:" + lab.gatewayPort() + "; ")
                    .contains("not required: ").contains("answered without credentials")
                    .contains("yes: 10 exits in 10")
                    .contains("not measured: the proxy was given no credentials, so no session can be asked for")
                    .contains("not measured: the proxy was given no credentials, so no country can be asked for")
                    .doesNotContain("stopped after the protocol checks");
        }
    }

    /** Session options write into credentials: with a proxy that has none they are refused at start, by name. */
    @Test
    void sessionOptionsWithAnOpenProxyAreRefusedByName() {
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be the open proxy's account: unset them");
        MainTest.Run r = MainTest.run("probe", "--proxy", "http://127.0.0.1:9", "--provider", "oxylabs",
                "--country", "DE");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains("--provider and --country write into the proxy credentials, but"
                + " http://127.0.0.1:9 has none: give user:pass in its URL (or set PROXY_USER and PROXY_PASS), or"
                + " leave them out for a proxy that takes no credentials");
        assertThat(r.out()).isEmpty();
    }

    /**
     * A wrong password or nothing listening: no protocol answers, so the probe stops after its protocol checks with
     * the same diagnosis {@code run} gives, and exit code 3.
     */
    @Test
    void aBrokenSetupStopsTheProbeWithTheDiagnosis() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home.resolve("auth")).auth("u", "right").build())) {
            MainTest.Run wrong = MainTest.run("probe", "--proxy", "http://u:hunter2@127.0.0.1:" + lab.gatewayPort(),
                    "--target", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                    "--ca", lab.caFile().toString(), "--session-watch", "2s");
            assertThat(wrong.exitCode()).as(wrong.out() + wrong.err()).isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
            assertThat(wrong.out()).startsWith("stopped after the protocol checks: the proxy at 127.0.0.1:"
                    + lab.gatewayPort() + " refused the credentials (407 Proxy Authentication Required)")
                    .contains("fix: check the user name and password given in --proxy").contains("HTTP CONNECT")
                    .doesNotContain("hunter2");
        }
        int closed = Peer.freePort();
        MainTest.Run nothing = MainTest.run("probe", "--proxy", "http://u:p@127.0.0.1:" + closed, "--target",
                "https://127.0.0.1:" + closed + "/", "--insecure", "--session-watch", "2s", "--json");
        assertThat(nothing.exitCode()).as(nothing.out() + nothing.err()).isEqualTo(RunPlan.SETUP_FAILED_EXIT_CODE);
        JsonNode diagnosis = new ObjectMapper().readTree(nothing.out()).path("diagnosis");
        assertThat(diagnosis.path("error").asText()).isEqualTo("tcp_ConnectException");
        assertThat(diagnosis.path("problem").asText()).isEqualTo("nothing accepted a connection at 127.0.0.1:"
                + closed + " (connection refused)");
    }
}
