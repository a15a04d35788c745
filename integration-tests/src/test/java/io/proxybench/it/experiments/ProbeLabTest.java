package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.asn.Ip2Asn;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.experiments.probe.ProbeCard;
import io.proxybench.experiments.probe.ProbeExperiment;
import io.proxybench.experiments.probe.ProbeLine;
import io.proxybench.experiments.probe.ProbeSetup;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.Ip2AsnTable;
import io.proxybench.lab.faults.LatencyPlan;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code probe} against the lab, whose configuration is the truth: each card line must report what the lab was set to
 * do (idle cap, session lifetime, inactivity limit, per-user limit, auth, each provider's dialect).
 */
class ProbeLabTest {

    @TempDir
    Path home;

    private Lab start(UnaryOperator<LabConfig.Builder> config) throws InterruptedException {
        return Lab.start(config.apply(LabConfig.builder().home(home).exits(512)
                .latency(new LatencyPlan(Duration.ZERO, Duration.ZERO, Duration.ofMillis(40)))).build());
    }

    private ProbeCard probe(Lab lab, SessionTemplate sessions, int rampTo, Duration watch) throws Exception {
        Path table = home.resolve("exits.tsv");
        try (Writer out = Files.newBufferedWriter(table)) {
            Ip2AsnTable.write(lab.exits(), out);
        }
        String host = "127.0.0.1";
        return ProbeExperiment.run(new ProbeSetup(ProxySpec.parse("http://acct:s3cret@" + host + ":"
                + lab.gatewayPort()), ProxySpec.parse("https://acct:s3cret@" + host + ":" + lab.gatewayTlsPort()),
                sessions, URI.create("https://" + host + ":" + lab.targetHttpsPort() + "/cdn-cgi/trace"),
                URI.create("http://" + host + ":" + lab.targetHttpPort() + "/cdn-cgi/trace"),
                TlsSettings.caFile(lab.caFile()), Ip2Asn.load(table), 400, rampTo, watch, Duration.ofSeconds(15)));
    }

    private static ProbeLine line(ProbeCard card, String id) {
        return card.line(id).orElseThrow(() -> new AssertionError("no line " + id + " in\n" + card));
    }

    private static double figure(ProbeCard card, String id) {
        ProbeLine line = line(card, id);
        assertThat(line.measured()).as(id + ": " + line.value()).isTrue();
        return line.figure();
    }

    @Test
    void theLabsDefaultsAreReportedAsConfigured() throws Exception {
        try (Lab lab = start(b -> b.auth("acct", "s3cret").sessionIdle(Duration.ofSeconds(3)))) {
            ProbeCard card = probe(lab, SessionTemplate.of(Dialect.lab()), 0, Duration.ofSeconds(8));
            for (String protocol : List.of("protocol_connect", "protocol_forward", "protocol_socks5h",
                    "protocol_https", "protocol_h2")) {
                assertThat(figure(card, protocol)).as(protocol).isEqualTo(1.0);
            }
            assertThat(figure(card, "auth")).as(line(card, "auth").value()).isEqualTo(1.0);
            assertThat(figure(card, "rotation_tunnel")).isEqualTo(10.0);
            assertThat(figure(card, "rotation_forward")).isEqualTo(10.0);
            assertThat(line(card, "diversity").value()).contains("ASNs").doesNotContain("not measured");
            assertThat(figure(card, "ja4")).as("the lab relays TLS untouched").isEqualTo(1.0);
            assertThat(figure(card, "bytes_per_request")).as("new over reused").isGreaterThan(2.0);
            assertThat(figure(card, "forward_idle_cap")).as("the lab's default idle cap").isEqualTo(2.0);
            assertThat(line(card, "sticky_hold").value()).startsWith("kept one exit for the whole 8 s");
            assertThat(figure(card, "sticky_idle")).as("3 s idle limit, bounded by gaps 2 s and 4 s").isEqualTo(4.0);
            assertThat(line(card, "sticky_idle").certainty()).contains("between 2 s and 4 s");
            assertThat(line(card, "country_targeting").measured()).isFalse();
            assertThat(line(card, "concurrency_limit").value()).contains("opt-in");
            assertThat(card.requests()).isLessThanOrEqualTo(400);
            assertThat(card.toString()).doesNotContain("s3cret");
        }
    }

    @Test
    void aShortLifetimeAWideIdleCapAndAPerUserLimitAreFound() throws Exception {
        try (Lab lab = start(b -> b.auth("acct", "s3cret").forwardIdleCap(64))) {
            ProbeCard card = probe(lab, SessionTemplate.of(Dialect.lab()).withLifetime(Duration.ofSeconds(3)), 0,
                    Duration.ofSeconds(8));
            assertThat(line(card, "sticky_hold").value()).startsWith("moved to another exit after");
            assertThat(figure(card, "sticky_hold")).as("a 3 s lifetime, requests every second").isBetween(3.0, 5.0);
            assertThat(line(card, "sticky_hold").value()).contains("asked for 3 s");
            assertThat(figure(card, "forward_idle_cap")).as("64 idle kept: all 8 reused").isEqualTo(8.0);
        }
        try (Lab lab = start(b -> b.auth("acct", "s3cret").maxConcurrencyPerUser(5))) {
            ProbeCard card = probe(lab, null, 16, Duration.ofSeconds(2));
            assertThat(figure(card, "concurrency_limit")).as("5 allowed: refused at the level of 8").isEqualTo(8.0);
            assertThat(line(card, "concurrency_limit").certainty()).contains("between 4 and 8");
            assertThat(line(card, "sticky_hold").value()).contains("no session syntax given");
        }
    }

    @Test
    void anOpenGatewayIsReportedAsNotAskingForCredentials() throws Exception {
        try (Lab lab = start(b -> b)) {
            ProbeCard card = probe(lab, null, 0, Duration.ofSeconds(2));
            assertThat(figure(card, "auth")).isEqualTo(0.0);
            assertThat(line(card, "auth").value()).startsWith("not required");
        }
    }

    static List<Dialect> providers() {
        return Dialect.presets().stream().filter(d -> !d.equals(Dialect.lab())).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("providers")
    void eachDialectKeepsItsSessionAndLandsInTheCountryAskedFor(Dialect dialect) throws Exception {
        try (Lab lab = start(b -> b.auth("acct", "s3cret").dialect(dialect))) {
            String country = lab.exits().countries().get(0);
            ProbeCard card = probe(lab, SessionTemplate.of(dialect).withCountry(country), 0, Duration.ofSeconds(2));
            assertThat(card.dialect()).isEqualTo(dialect.name());
            assertThat(figure(card, "auth")).as(line(card, "auth").value()).isEqualTo(1.0);
            assertThat(figure(card, "rotation_tunnel")).isEqualTo(10.0);
            assertThat(line(card, "sticky_hold").value()).startsWith("kept one exit for the whole 2 s");
            assertThat(figure(card, "country_targeting")).as("percent in " + country).isEqualTo(100.0);
        }
    }
}
