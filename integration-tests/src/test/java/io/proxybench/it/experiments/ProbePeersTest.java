package io.proxybench.it.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.experiments.probe.ProbeCard;
import io.proxybench.experiments.probe.ProbeExperiment;
import io.proxybench.experiments.probe.ProbeLine;
import io.proxybench.experiments.probe.ProbeSetup;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.interop.peers.Dante;
import io.proxybench.lab.interop.peers.Microsocks;
import io.proxybench.lab.interop.peers.Nghttpx;
import io.proxybench.lab.interop.peers.Squid;
import io.proxybench.lab.interop.peers.Tinyproxy;
import io.proxybench.lab.pki.LabCa;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code probe} against real proxies that have no sessions and one exit (themselves): squid and tinyproxy (HTTP),
 * dante and microsocks (SOCKS5), nghttpx (HTTPS and HTTP/2 in front of squid). The card must report the protocols
 * each answers and say it has no sessions, not invent them. The lab's target is the origin.
 */
@Tag("interop")
class ProbePeersTest {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws InterruptedException {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    private static ProbeCard probe(String proxy) {
        return ProbeExperiment.run(new ProbeSetup(ProxySpec.parse(proxy), null, null,
                URI.create("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace"),
                URI.create("http://127.0.0.1:" + lab.targetHttpPort() + "/cdn-cgi/trace"),
                TlsSettings.caFile(lab.caFile()), null, 200, 0, Duration.ofSeconds(2), Duration.ofSeconds(10)));
    }

    private static ProbeLine line(ProbeCard card, String id) {
        return card.line(id).orElseThrow();
    }

    private static void hasNoSessions(ProbeCard card) {
        assertThat(line(card, "rotation_tunnel").figure()).as(card.toString()).isEqualTo(1.0);
        assertThat(line(card, "rotation_tunnel").value()).startsWith("no: one exit (127.0.0.1)");
        for (String id : List.of("sticky_hold", "sticky_idle")) {
            assertThat(line(card, id).measured()).isTrue();
            assertThat(line(card, id).value()).startsWith("none: every tunnel left from one exit (127.0.0.1)");
        }
        assertThat(line(card, "country_targeting").value()).startsWith("not measured: the proxy was given no"
                + " credentials");
        assertThat(line(card, "auth").value()).startsWith("not required");
        assertThat(card.diagnosis()).isNull();
    }

    private static void answers(ProbeCard card, String... protocols) {
        for (String id : List.of("protocol_connect", "protocol_forward", "protocol_socks5h", "protocol_https",
                "protocol_h2")) {
            double expected = List.of(protocols).contains(id) ? 1.0 : 0.0;
            assertThat(line(card, id).figure()).as(id + ": " + line(card, id).value()).isEqualTo(expected);
        }
    }

    @Test
    void squidAndTinyproxyAnswerHttpAndHaveNoSessions() {
        try (Squid squid = Squid.start(); Tinyproxy tinyproxy = Tinyproxy.start()) {
            for (String url : List.of(squid.url(), tinyproxy.url())) {
                ProbeCard card = probe(url);
                answers(card, "protocol_connect", "protocol_forward");
                hasNoSessions(card);
                assertThat(line(card, "rotation_forward").figure()).isEqualTo(1.0);
                assertThat(line(card, "auth").value()).isEqualTo("not required: 2 checks answered without"
                        + " credentials");
            }
        }
    }

    @Test
    void danteAndMicrosocksAnswerSocks5AndHaveNoSessions() {
        try (Dante dante = Dante.start(); Microsocks microsocks = Microsocks.start()) {
            for (String url : List.of(dante.url(), microsocks.url())) {
                ProbeCard card = probe(url.replace("socks5h://", "http://"));
                answers(card, "protocol_socks5h");
                hasNoSessions(card);
                assertThat(line(card, "ja4").figure()).as("SOCKS relays TLS untouched").isEqualTo(1.0);
            }
        }
    }

    @Test
    void nghttpxAnswersHttpsAndHttp2AndHasNoSessions() {
        try (Squid squid = Squid.start();
                Nghttpx nghttpx = Nghttpx.start(LabCa.loadOrCreate(home.resolve("lab-ca")), squid.port())) {
            ProbeCard card = probe(nghttpx.url().replace("https://", "http://"));
            answers(card, "protocol_https", "protocol_h2");
            hasNoSessions(card);
        }
    }
}
