package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.Dialect;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls that fail in setup through the lab say why, as a user of {@code proxybench run} sees it: the label names the
 * problem, the reason is the proxy's own (or the certificate's), {@code reused()} says the call had opened its
 * connection, and the counters count each such connection as opened.
 */
class SetupFailureReasonsTest {

    private static final String NO_STATE = "the lab's exits have no state or city; drop the state from the proxy"
            + " credentials (country and ASN are honoured)";

    @TempDir
    Path home;

    private Lab lab(LabConfig.Builder config) throws InterruptedException {
        return Lab.start(config.home(home).build());
    }

    private static String https(Lab lab) {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
    }

    @Test
    void aRefusalOfTheDialectsGatewayCarriesTheGatewaysReasonOverHttp1AndHttp2() throws Exception {
        Dialect oxylabs = Dialect.named("oxylabs");
        try (Lab lab = lab(LabConfig.builder().dialect(oxylabs).auth("acct", "s3cret"))) {
            SessionTemplate withState = SessionTemplate.of(oxylabs).withState("us_california");
            Map<String, ProxyProtocol> proxies = Map.of(
                    "http://acct:s3cret@127.0.0.1:" + lab.gatewayPort(), ProxyProtocol.HTTP1,
                    "https://acct:s3cret@127.0.0.1:" + lab.gatewayTlsPort(), ProxyProtocol.H2_PREFERRED);
            for (Map.Entry<String, ProxyProtocol> entry : proxies.entrySet()) {
                String proxy = entry.getKey();
                try (ProxyClient client = ProxyClient.builder().proxy(proxy).tls(TlsSettings.caFile(lab.caFile()))
                        .proxyProtocol(entry.getValue()).sessions(withState, SessionRouter.stickyPerKey()).build()) {
                    CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab))));

                    assertThat(client.gatewayStats().streamTunnels()).as("a CONNECT stream for %s", proxy)
                            .isEqualTo(entry.getValue() == ProxyProtocol.H2_PREFERRED ? 1 : 0);
                    assertThat(e.label()).as(proxy).isEqualTo("connect_502");
                    assertThat(e.reason()).as(proxy).isEqualTo(NO_STATE);
                    assertThat(e.getMessage()).as(proxy).endsWith(": " + NO_STATE).doesNotContain("s3cret");
                    assertThat(e.reused()).as(proxy).isFalse();
                }
            }
        }
    }

    @Test
    void aWrongPasswordIsA407WithTheGatewaysReason() throws Exception {
        try (Lab lab = lab(LabConfig.builder().auth("u", "p4ss"));
                ProxyClient client = ProxyClient.builder().proxy("http://u:wrong-pw@127.0.0.1:" + lab.gatewayPort())
                        .tls(TlsSettings.caFile(lab.caFile())).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab))));

            assertThat(e.label()).isEqualTo("connect_407");
            assertThat(e.reason()).isEqualTo("proxy authentication required");
            assertThat(e.reused()).isFalse();
            assertThat(e.getMessage()).doesNotContain("wrong-pw");
        }
    }

    @Test
    void socks5AuthenticationRejectedIsLabelledAsSuchAndEveryFailedConnectionCounts() throws Exception {
        int calls = 100;
        try (Lab lab = lab(LabConfig.builder().auth("u", "p4ss"));
                ProxyClient client = ProxyClient.builder().proxy("socks5h://u:wrong-pw@127.0.0.1:" + lab.gatewayPort())
                        .tls(TlsSettings.caFile(lab.caFile())).build()) {
            List<CompletableFuture<ProxyResponse>> sent = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                sent.add(client.send(ProxyRequest.get(https(lab))));
            }
            for (CompletableFuture<ProxyResponse> call : sent) {
                CallException e = Calls.failure(call);
                assertThat(e.label()).isEqualTo("socks_AuthFailed");
                assertThat(e.reason()).isEqualTo("the proxy rejected the user name and password (RFC 1929)");
                assertThat(e.reused()).isFalse();
                assertThat(e.getMessage()).doesNotContain("wrong-pw");
            }

            Counts total = client.counters().total();
            assertThat(total.created()).as("connections opened, each failing its SOCKS5 authentication")
                    .isEqualTo(calls);
            assertThat(total.closedByReason()).isEqualTo(Map.of(CloseReason.ERROR.label(), (long) calls));
            assertThat(total.handshakeBytes()).as("greeting, method choice, auth and its answer, each")
                    .isGreaterThanOrEqualTo(calls * (3 + 2 + 2 + 2L));
            assertThat(lab.gatewayCounters().authFailures()).isEqualTo(calls);
        }
    }

    @Test
    void anOriginCertificateOutsideTheTrustStoreIsAnUntrustedCertificate() throws Exception {
        try (Lab lab = lab(LabConfig.builder());
                ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + lab.gatewayPort())
                        .tls(TlsSettings.system()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab))));

            assertThat(e.phase()).isEqualTo(Phase.TLS);
            assertThat(e.label()).isEqualTo("tls_UntrustedCertificate");
            assertThat(e.reason())
                    .isEqualTo("the origin's certificate for 127.0.0.1 is not trusted (self-signed or unknown CA)");
            assertThat(e.reused()).isFalse();
        }
    }

    @Test
    void anHttpsProxysCertificateOutsideTheTrustStoreIsAProxyUntrustedCertificate() throws Exception {
        try (Lab lab = lab(LabConfig.builder());
                ProxyClient client = ProxyClient.builder().proxy("https://127.0.0.1:" + lab.gatewayTlsPort())
                        .tls(TlsSettings.system()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab))));

            assertThat(e.label()).isEqualTo("proxy_tls_UntrustedCertificate");
            assertThat(e.reason())
                    .isEqualTo("the proxy's certificate for 127.0.0.1 is not trusted (self-signed or unknown CA)");
            assertThat(e.reused()).isFalse();
            assertThat(client.counters().total().created()).isEqualTo(1);
        }
    }
}
