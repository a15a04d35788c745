package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code run --provider NAME} against a lab started with {@code --dialect NAME}: sessions written in the provider's
 * syntax reach the gateway, which reads them in the same one; and the options' errors, each on one line.
 */
class ProviderOptionsTest {

    @TempDir
    static Path home;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"oxylabs", "iproyal", "netnut", "webshare", "soax"})
    void aRunWritesTheProvidersSessionsAndTheLabSpeakingItKeepsThem(String provider) throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).dialect(Dialect.named(provider))
                .auth("acct", "s3cret").exits(256).build())) {
            Path out = home.resolve(provider + ".jsonl");
            String country = lab.exits().countries().get(0);
            MainTest.Run r = MainTest.run("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort()
                    + "/cdn-cgi/trace", "--proxy", "http://acct:s3cret@127.0.0.1:" + lab.gatewayPort(), "--ca",
                    lab.caFile().toString(), "--out", out.toString(), "--json", "--rate", "40", "--duration", "1s",
                    "--warmup", "none", "--provider", provider, "--sessions", "4", "--country", country);
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode summary = new ObjectMapper().readTree(r.out());
            assertThat(summary.path("ok").asLong()).isEqualTo(40);
            assertThat(summary.path("unique_exits").asLong()).as("one exit per session").isEqualTo(4);
            List<RequestRecord> records = JsonlReader.read(out);
            assertThat(records.stream().map(RequestRecord::loc).collect(Collectors.toSet())).containsExactly(country);
            assertThat(lab.gatewayCounters().authFailures()).isZero();
            assertThat(java.nio.file.Files.readString(out)).doesNotContain("s3cret");
        }
    }

    @Test
    void withoutSessionsAProviderRotatesInItsOwnFormWithItsTargeting() throws Exception {
        try (Lab lab = Lab.start(LabConfig.builder().home(home).dialect(Dialect.named("netnut")).auth("acct", "pw")
                .exits(256).build())) {
            String country = lab.exits().countries().get(1);
            MainTest.Run r = MainTest.run("run", "--url", "https://127.0.0.1:" + lab.targetHttpsPort()
                    + "/cdn-cgi/trace", "--proxy", "http://acct:pw@127.0.0.1:" + lab.gatewayPort(), "--ca",
                    lab.caFile().toString(), "--out", home.resolve("rot.jsonl").toString(), "--json", "--rate", "20",
                    "--duration", "1s", "--warmup", "none", "--provider", "netnut", "--country", country,
                    "--keep-alive", "0s");
            assertThat(r.exitCode()).as(r.err()).isZero();
            List<RequestRecord> records = JsonlReader.read(home.resolve("rot.jsonl"));
            assertThat(records).hasSize(20).allMatch(rec -> country.equals(rec.loc()));
            assertThat(records.stream().map(RequestRecord::ip).collect(Collectors.toSet())).hasSizeGreaterThan(15);
        }
    }

    @Test
    void theLabPrintsItsDialectAndStickyUrlsWrittenInIt() throws Exception {
        MainTest.Run r = MainTest.run("lab", "--json", "--for", "1ms", "--home", home.toString(), "--dialect",
                "oxylabs", "--auth", "customer-acct:s3cret");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode lab = new ObjectMapper().readTree(r.out().lines().findFirst().orElseThrow());
        assertThat(lab.path("dialect").asText()).isEqualTo("oxylabs");
        assertThat(lab.path("sessions").path("default_lifetime_s").asLong()).isEqualTo(600);
        assertThat(lab.path("sessions").path("idle_s").asLong()).isEqualTo(60);
        assertThat(lab.path("proxy_urls").path("http_sticky").asText())
                .startsWith("http://customer-acct-sessid-demo1:****@");
        assertThat(lab.path("run").asText()).contains("--provider oxylabs");
        assertThat(r.out()).doesNotContain("s3cret");
    }

    @Test
    void badSessionOptionsFailOnOneLineNamingThePart() {
        String[][] cases = {
            {"--provider acme --sessions 2", "--provider: unknown provider 'acme'; known: lab, brightdata"},
            {"--provider brightdata --sessions 2 --session-lifetime 10m", "brightdata has no lifetime parameter"},
            {"--provider oxylabs --sessions 2 --session-lifetime 90s", "oxylabs writes a session lifetime in whole"
                    + " minutes"},
            {"--provider oxylabs --session-template {pass}_session-{id} --sessions 2", "--provider and"
                    + " --session-template exclude each other"},
            {"--sessions 2", "--sessions needs --provider NAME or --session-template TEMPLATE"},
            {"--provider iproyal --sessions 2 --country USA", "country 'USA' must be a two-letter code"},
            {"--session-template {pass}_session-{id} --sessions 2 --country US", "has no {country}"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("run", "--url", "https://x/", "--rate", "10", "--duration",
                    "1s", "--proxy", "http://u:hunter2@127.0.0.1:9"));
            args.addAll(List.of(c[0].split(" ")));
            MainTest.Run r = MainTest.run(args.toArray(String[]::new));
            assertThat(r.exitCode()).as(c[0]).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(c[0]).contains(c[1]).doesNotContain("hunter2");
            assertThat(r.err().strip().lines()).as(c[0]).hasSize(1);
        }
        MainTest.Run noAccount = MainTest.run("run", "--url", "https://x/", "--rate", "10", "--duration", "1s",
                "--proxy", "http://127.0.0.1:9", "--provider", "oxylabs", "--sessions", "2");
        assertThat(noAccount.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(noAccount.err()).contains("the proxy URL has none: give user:pass");
        MainTest.Run onLab = MainTest.run("reuse", "--provider", "oxylabs");
        assertThat(onLab.exitCode()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(onLab.err()).contains("--provider oxylabs goes with --proxy")
                .contains("proxybench lab --dialect oxylabs");
        assertThat(Set.of(Dialect.presets().stream().map(Dialect::name).toArray())).hasSize(10);
    }

    @Test
    void commandsWhoseRequestsRotateWriteTheProvidersRotatingFormAndRefuseItOnTheLab() {
        SessionOptions netnut = new SessionOptions();
        netnut.provider = "netnut";
        netnut.country = "de";
        ProxySpec proxy = ProxySpec.parse("http://acct:pw@127.0.0.1:5959");
        assertThat(netnut.given().rotating(proxy).credentials().user()).isEqualTo("acct-res-de");
        assertThat(netnut.given().rotating(proxy).credentials().password()).isEqualTo("pw");
        assertThat(new SessionOptions().given().rotating(proxy)).isSameAs(proxy);
        for (String command : List.of("fingerprint", "bytes", "ramp")) {
            MainTest.Run r = MainTest.run(command, "--provider", "oxylabs");
            assertThat(r.exitCode()).as(command + ": " + r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(command).contains("go with --proxy");
        }
    }

    /**
     * An open proxy (no account in the URL, none in the environment): the commands that write no session take it,
     * and refuse session options by name; those that write sessions into the account still need one.
     */
    @Test
    void anOpenProxyIsTakenWhereNoSessionIsWrittenAndRefusedWhereOneIs() {
        assumeTrue(System.getenv("PROXY_USER") == null && System.getenv("PROXY_PASS") == null,
                "PROXY_USER / PROXY_PASS are set here, and would be the open proxy's account: unset them");
        for (String command : List.of("fingerprint", "bytes", "ramp")) {
            MainTest.Run r = MainTest.run(command, "--proxy", "http://127.0.0.1:9", "--url", "https://x/",
                    "--provider", "oxylabs");
            assertThat(r.exitCode()).as(command + ": " + r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(command).contains("--provider writes into the proxy credentials, but"
                    + " http://127.0.0.1:9 has none: give user:pass in its URL (or set PROXY_USER and PROXY_PASS), or"
                    + " leave it out for a proxy that takes no credentials");
        }
        for (String command : List.of("reuse", "sessions", "keepalive")) {
            MainTest.Run r = MainTest.run(command, "--proxy", "http://127.0.0.1:9", "--url", "https://x/");
            assertThat(r.exitCode()).as(command + ": " + r.err()).isEqualTo(Main.BAD_ARGUMENTS);
            assertThat(r.err()).as(command).contains("the proxy http://127.0.0.1:9 has no credentials: put them in"
                    + " the URL or set PROXY_USER and PROXY_PASS");
        }
    }
}
