package io.proxybench.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.audit.clients.ApacheAudit;
import io.proxybench.audit.clients.JdkAudit;
import io.proxybench.audit.clients.JettyAudit;
import io.proxybench.audit.clients.OkHttpAudit;
import io.proxybench.audit.clients.ProxybenchAudit;
import io.proxybench.client.proxy.ProxyCredentials;
import io.proxybench.harness.Trace;
import io.proxybench.lab.LabConfig;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each audited client as wired here reaches the lab's target through a gateway that asks for an account, at defaults,
 * raised and with its isolation workaround, sends the proxy's credentials to the proxy only, lets its tunnels go when
 * closed, and reports its version: the wiring, not the client, is under test.
 */
@Timeout(60)
class AuditedClientsTest {

    @RegisterExtension
    static final AuditLab lab = new AuditLab(LabConfig.builder());

    static Stream<Arguments> clients() {
        return Stream.of(new OkHttpAudit(), new JdkAudit(), new ApacheAudit(), new JettyAudit(), new ProxybenchAudit())
                .flatMap(c -> Stream.of(Arguments.of(c, 0, false), Arguments.of(c, 8, false),
                        Arguments.of(c, 0, true)));
    }

    @ParameterizedTest(name = "{0} raised to {1}, isolated: {2}")
    @MethodSource("clients")
    void answersThroughAnAuthenticatingGatewayWithATraceNamingALabExit(AuditedClient client, int raiseTo,
            boolean isolate) throws Exception {
        ProxyCredentials account = lab.gateway().credentials();
        lab.lab().resetTargetStats();
        try (AuditedClient.Handle h = client.open(new AuditedClient.Setup(lab.lab().host(), lab.lab().gatewayPort(),
                lab.lab().caFile(), raiseTo, isolate, Duration.ofSeconds(30)))) {
            for (int i = 0; i < 2; i++) {
                Answer a = h.get(lab.trace(), account).get(30, TimeUnit.SECONDS);

                assertThat(a.status()).as(a.body()).isEqualTo(200);
                assertThat(Trace.of(a.body().getBytes(StandardCharsets.UTF_8)).value("ip")).startsWith("127.");
                assertThat(a.http()).isIn(Answer.H2, Answer.HTTP11);
            }
        }
        assertThat(lab.lab().targetStats().proxyCredentialsSeen()).as("requests that took the proxy's credentials"
                + " to the origin").isZero();
        // The JDK's client has no close() before Java 21: its connections go when it is collected.
        if (!(client instanceof JdkAudit) || Runtime.version().feature() >= 21) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (lab.lab().openGatewayTunnels() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(lab.lab().openGatewayTunnels()).as("tunnels open 5 s after close").isZero();
        } else {
            lab.lab().restartGateway(Duration.ZERO);
        }
        assertThat(client.version()).matches("\\d+\\.\\d+(\\.\\d+)?.*|dev");
        assertThat(client.raiseLimits(8)).isNotBlank();
    }
}
