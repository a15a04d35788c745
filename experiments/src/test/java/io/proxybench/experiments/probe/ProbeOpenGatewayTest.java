package io.proxybench.experiments.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code probe} called from Java on a proxy that takes no credentials: the lab's gateway, open (its default), which
 * rotates exits per tunnel. The card is a whole card, not a diagnosis; the lines that need a session say why they
 * are not measured.
 */
class ProbeOpenGatewayTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws InterruptedException {
        lab = Lab.start(LabConfig.builder().home(home).exits(256).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static ProbeSetup setup(SessionTemplate sessions, int budget) {
        return new ProbeSetup(ProxySpec.parse("http://127.0.0.1:" + lab.gatewayPort()),
                ProxySpec.parse("https://127.0.0.1:" + lab.gatewayTlsPort()), sessions,
                URI.create("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"),
                URI.create("http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace"),
                TlsSettings.caFile(lab.caFile()), null, budget, 0, Duration.ofSeconds(2), Duration.ofSeconds(10));
    }

    private static ProbeLine line(ProbeCard card, String id) {
        return card.line(id).orElseThrow(() -> new AssertionError("no line " + id + " in\n" + card));
    }

    @Test
    void anOpenGatewayGetsAWholeCardWithTheSessionLinesSayingWhyNot() {
        ProbeCard card = ProbeExperiment.run(setup(null, 200));
        String text = ProbeTable.text(card);
        assertThat(card.diagnosis()).as(text).isNull();
        for (String protocol : List.of("protocol_connect", "protocol_forward", "protocol_https")) {
            assertThat(line(card, protocol).figure()).as(protocol + "\n" + text).isEqualTo(1.0);
        }
        assertThat(line(card, "auth").figure()).as(text).isEqualTo(0.0);
        assertThat(line(card, "auth").value()).startsWith("not required: ").endsWith("answered without credentials");
        assertThat(line(card, "rotation_tunnel").value()).as(text).isEqualTo("yes: 10 exits in 10");
        assertThat(line(card, "rotation_forward").figure()).as(text).isEqualTo(10.0);
        assertThat(line(card, "diversity").measured()).isTrue();
        assertThat(line(card, "ja4").figure()).as("the lab relays TLS untouched\n" + text).isEqualTo(1.0);
        assertThat(line(card, "bytes_per_request").measured()).as(text).isTrue();
        for (String id : List.of("sticky_hold", "sticky_idle")) {
            assertThat(line(card, id).measured()).as(id).isFalse();
            assertThat(line(card, id).value()).isEqualTo("not measured: the proxy was given no credentials, so no"
                    + " session can be asked for (sessions are written into them)");
        }
        assertThat(line(card, "country_targeting").value()).isEqualTo("not measured: the proxy was given no"
                + " credentials, so no country can be asked for (targeting is written into them)");
        assertThat(line(card, "forward_idle_cap").value()).isEqualTo("not measured: forwarded requests rotate"
                + " exits, and the proxy was given no credentials, so no session can hold one");
        assertThat(text).doesNotContain("--provider NAME");
    }

    /** The short probe a periodic watch runs: the fewest requests, the shortest watch; never past the budget. */
    @Test
    void aSmallBudgetMakesAShortProbeThatStopsAtItsBudget() {
        ProbeCard card = ProbeExperiment.run(setup(null, ProbeSetup.MIN_BUDGET));
        assertThat(card.diagnosis()).isNull();
        assertThat(card.requests()).isLessThanOrEqualTo(ProbeSetup.MIN_BUDGET);
        assertThat(line(card, "rotation_tunnel").figure()).as(ProbeTable.text(card)).isEqualTo(10.0);
        assertThat(line(card, "rotation_forward").value()).isEqualTo("not measured: the request budget is spent");
        assertThat(line(card, "auth").value()).startsWith("not required");
    }

    @Test
    void sessionsNeedAnAccountToBeWrittenInto() {
        assertThatThrownBy(() -> setup(SessionTemplate.of(Dialect.named("oxylabs")).withCountry("DE"), 200))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sessions are written into the proxy credentials, but http://127.0.0.1:"
                        + lab.gatewayPort() + " has none: give user:pass in its URL, or no sessions for a proxy that"
                        + " takes no credentials");
    }
}
