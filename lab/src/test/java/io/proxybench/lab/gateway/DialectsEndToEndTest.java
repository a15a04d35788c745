package io.proxybench.lab.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.exits.ExitPool;
import io.proxybench.lab.exits.SessionTable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each preset against the lab speaking it: the client writes sessions in the provider's dialect, the lab reads them
 * in the same one and keeps, rotates, targets and expires exits as the provider documents. The target's trace says
 * which exit (ip=) and country (loc=) each request came from. Every request opens its own tunnel (keep-alive 0), so
 * each one asks the gateway for an exit.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DialectsEndToEndTest {

    private static final int REQUESTS = 6;

    @TempDir
    Path home;

    static List<Dialect> presets() {
        return Dialect.presets();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void aStickySessionKeepsItsExitAndRotationMovesOnEveryTunnel(Dialect dialect) throws Exception {
        try (Lab lab = start(dialect);
                ProxyClient client = client(lab, SessionTemplate.of(dialect))) {
            Set<String> sticky = new HashSet<>();
            Set<String> rotating = new HashSet<>();
            for (int i = 0; i < REQUESTS; i++) {
                sticky.add(trace(client, lab, "worker1").get("ip"));
                rotating.add(trace(client, lab, null).get("ip"));
            }
            assertThat(sticky).as("one exit for the sticky session").hasSize(1);
            assertThat(rotating).as("a new exit per rotating tunnel").hasSize(REQUESTS);
            assertThat(lab.gatewayCounters().authFailures()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void countryTargetingLandsInTheCountryAskedFor(Dialect dialect) throws Exception {
        try (Lab lab = start(dialect)) {
            String country = lab.exits().countries().get(1);
            try (ProxyClient client = client(lab, SessionTemplate.of(dialect).withCountry(country))) {
                for (int i = 0; i < REQUESTS; i++) {
                    assertThat(trace(client, lab, i % 2 == 0 ? "w" + i : null).get("loc")).isEqualTo(country);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void sessionsEndAsTheProviderDocuments(Dialect dialect) {
        LabConfig config = LabConfig.builder().home(home).dialect(dialect).build();
        Duration lifetime = config.sessionLifetime();
        Duration idle = config.sessionIdle();
        assertThat(lifetime).isEqualTo(dialect.rules().defaultLifetime() != null ? dialect.rules().defaultLifetime()
                : LabConfig.DEFAULT_SESSION_LIFETIME);
        assertThat(idle).isEqualTo(dialect.rules().inactivity());
        SessionTable table = new SessionTable(ExitPool.generate(64, 3), lifetime, idle);
        SessionParams s = written(dialect, "abc");
        long t0 = 1_000;
        long step = idle == null ? lifetime.toNanos() / 4 : idle.toNanos() / 2;
        String first = table.exitFor("acct", s, t0).exit().ip();
        long t = t0;
        // Used every half idle period (or quarter lifetime), the session keeps its exit until its lifetime ends.
        while (t + step < t0 + lifetime.toNanos()) {
            t += step;
            assertThat(table.exitFor("acct", s, t).exit().ip()).as("at %d s", (t - t0) / 1_000_000_000L)
                    .isEqualTo(first);
        }
        assertThat(table.exitFor("acct", s, t0 + lifetime.toNanos()).exit().ip()).as("after its lifetime")
                .isNotEqualTo(first);
        if (idle != null) {
            long t1 = t0 + 2 * lifetime.toNanos();
            String second = table.exitFor("acct", s, t1).exit().ip();
            assertThat(table.exitFor("acct", s, t1 + idle.toNanos()).exit().ip()).isEqualTo(second);
            assertThat(table.exitFor("acct", s, t1 + 2 * idle.toNanos() + 1).exit().ip())
                    .as("after %s without activity", idle).isNotEqualTo(second);
        }
    }

    @Test
    void aGatewaySpeakingADialectRefusesALifetimeBeyondTheDocumentedMaximumNamingIt() {
        ProxyAuth oxylabs = ProxyAuth.account("customer-acct", "s3cret").speaking(Dialect.named("oxylabs"));
        assertThat(oxylabs.check("customer-acct-sessid-abc-sesstime-1440", "s3cret").session().lifetime())
                .isEqualTo(Duration.ofHours(24));
        assertThatThrownBy(() -> oxylabs.check("customer-acct-sessid-abc-sesstime-1441",
                "s3cret")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("oxylabs session lifetime 1441m is outside 1m to 24h");
        assertThat(oxylabs.check("customer-acct-cc-DE", "s3cret").session()).isEqualTo(SessionParams.rotating("DE"));
    }

    /** The session a client of {@code dialect} writes for router id {@code id}, as the lab reads it. */
    private static SessionParams written(Dialect dialect, String id) {
        ProxyCredentials credentials = SessionTemplate.of(dialect).apply(new ProxyCredentials("acct", "s3cret"), id);
        SessionParams read = dialect.read(credentials.user(), credentials.password()).session();
        assertThat(read.kind()).isEqualTo(SessionKind.SESSION);
        return read;
    }

    private Lab start(Dialect dialect) throws InterruptedException {
        return Lab.start(LabConfig.builder().home(home).dialect(dialect).auth("acct", "s3cret").exits(256).build());
    }

    private static ProxyClient client(Lab lab, SessionTemplate template) {
        return ProxyClient.builder().proxy("http://acct:s3cret@127.0.0.1:" + lab.gatewayPort())
                .sessions(template, SessionRouter.stickyPerKey()).tls(TlsSettings.caFile(lab.caFile()))
                .limits(PoolLimits.builder().keepAlive(Duration.ZERO).build()).build();
    }

    private static Map<String, String> trace(ProxyClient client, Lab lab, String sessionKey) throws Exception {
        ProxyRequest request = ProxyRequest.get("https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace");
        ProxyResponse response = client.send(sessionKey == null ? request : request.withSessionKey(sessionKey))
                .get(15, TimeUnit.SECONDS);
        assertThat(response.status()).as(response.bodyText()).isEqualTo(200);
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : response.bodyText().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                fields.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return fields;
    }
}
