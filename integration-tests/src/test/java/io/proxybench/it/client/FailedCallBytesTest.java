package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.ssl.SslHandshakeTimeoutException;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire bytes of failed calls through the lab, against what the lab's side of each connection carried (counted
 * by a {@link CountingRelay} in front of the gateway): a refused tunnel, a failed or stalled TLS handshake with the
 * origin or the proxy, a timed-out request on a new and on a reused connection, and the lower bound of a CONNECT
 * stream.
 */
class FailedCallBytesTest {

    @TempDir
    static Path home;

    private static final FaultPlan REFUSE = new FaultPlan(1, 0, 0, 1);
    private static final FaultPlan RESET_TLS = new FaultPlan(0, 1, 0, 1);
    private static final FaultPlan STALL = new FaultPlan(0, 0, 1, 1);
    /** Long enough for a call on a busy machine, short for a test: the limit of the phase a test lets time out. */
    private static final Duration QUICK = Duration.ofSeconds(1);
    private static final Duration PATIENT = Duration.ofSeconds(10);
    /** The shortest CONNECT request and 200 answer there can be, to bound counts from below. */
    private static final int CONNECT_REQUEST = "CONNECT 127.0.0.1:1 HTTP/1.1\r\n\r\n".length();
    private static final int CONNECT_ANSWER = "HTTP/1.1 200 \r\n\r\n".length();

    private static Lab lab(FaultPlan faults) throws InterruptedException {
        return Lab.start(LabConfig.builder().home(home).faults(faults).build());
    }

    private static ProxyClient.Builder through(CountingRelay relay, String scheme, Lab lab) {
        return ProxyClient.builder().proxy(scheme + "://127.0.0.1:" + relay.port())
                .tls(TlsSettings.caFile(lab.caFile()));
    }

    private static String https(Lab lab, String path) {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + path;
    }

    private static String http(Lab lab, String path) {
        return "http://127.0.0.1:" + lab.targetHttpPort() + path;
    }

    /** The call's counts are the connection's, whole: it was set up for the call, which then failed. */
    private static void costsItsConnection(CallException e, CountingRelay.Carried carried) {
        assertThat(e.bytesOut()).isEqualTo(carried.fromClient());
        assertThat(e.bytesIn()).isEqualTo(carried.toClient());
    }

    @Test
    void aConnectRefusedWith502CostsTheRequestAndTheRefusal() throws Exception {
        try (Lab lab = lab(REFUSE); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.label()).isEqualTo("connect_502");
            costsItsConnection(e, carried);
            assertThat(e.bytesOut()).isGreaterThanOrEqualTo(CONNECT_REQUEST);
            assertThat(e.bytesIn()).isGreaterThanOrEqualTo("HTTP/1.1 502 \r\n\r\n".length());
            assertThat(e.handshakeBytes()).isEqualTo(e.bytesOut() + e.bytesIn());
        }
    }

    @Test
    void aConnectRefusedByAnHttpsProxyCostsItsTlsToTheCloseNotify() throws Exception {
        try (Lab lab = lab(REFUSE); CountingRelay relay = new CountingRelay(lab.gatewayTlsPort());
                ProxyClient client = through(relay, "https", lab).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.label()).isEqualTo("connect_502");
            assertThat(e.bytesOut()).as("proxy TLS, the CONNECT and the close_notify").isEqualTo(carried.fromClient());
            // The proxy may answer the close_notify with its own, which the client, gone, does not read.
            assertThat(e.bytesIn()).isLessThanOrEqualTo(carried.toClient())
                    .isGreaterThan("HTTP/1.1 502 \r\n\r\n".length());
            assertThat(e.handshakeBytes()).isEqualTo(e.bytesOut() + e.bytesIn());
        }
    }

    @Test
    void aSocks5RefusalCostsTheGreetingAndTheRequest() throws Exception {
        try (Lab lab = lab(REFUSE); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "socks5h", lab).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.SOCKS);
            costsItsConnection(e, carried);
            // Greeting (3) and the shortest connect request (10, for an IPv4 address) out; method choice (2) and
            // the refusal (10) in.
            assertThat(e.bytesOut()).isGreaterThanOrEqualTo(3 + 10);
            assertThat(e.bytesIn()).isGreaterThanOrEqualTo(2 + 10);
        }
    }

    @Test
    void aTunnelResetAtTheClientHelloCostsTheConnectAndTheHello() throws Exception {
        try (Lab lab = lab(RESET_TLS); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.TLS);
            costsItsConnection(e, carried);
            assertThat(e.bytesOut()).as("the CONNECT and a ClientHello record").isGreaterThan(CONNECT_REQUEST + 5);
            assertThat(e.bytesIn()).isGreaterThanOrEqualTo(CONNECT_ANSWER);
        }
    }

    @Test
    void anOriginCertificateTheClientDoesNotTrustCostsTheHandshakeSoFar() throws Exception {
        try (Lab lab = lab(FaultPlan.NONE); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab).tls(TlsSettings.system()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.TLS);
            assertThat(e.getCause()).isInstanceOf(SSLHandshakeException.class);
            assertThat(e.bytesOut()).as("the CONNECT, the ClientHello and the alert").isEqualTo(carried.fromClient());
            // The client stops reading at the certificate: the rest of the origin's flight may come after it closed.
            assertThat(e.bytesIn()).isLessThanOrEqualTo(carried.toClient()).isGreaterThan(CONNECT_ANSWER + 5);
            assertThat(e.handshakeBytes()).isEqualTo(e.bytesOut() + e.bytesIn());
        }
    }

    @Test
    void aStalledTunnelCostsWhatItsHandshakeSentUntilTheTimeout() throws Exception {
        try (Lab lab = lab(STALL); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab)
                        .timeouts(Timeouts.builder().tcp(PATIENT).tunnel(PATIENT).tls(QUICK).responseHead(PATIENT)
                        .readIdle(PATIENT).build()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.TLS);
            assertThat(e.getCause()).isInstanceOf(SslHandshakeTimeoutException.class);
            costsItsConnection(e, carried);
            assertThat(e.bytesOut()).isGreaterThan(CONNECT_REQUEST + 5);
        }
    }

    @Test
    void aRequestTimingOutOnANewTunnelCostsTheSetupAndTheRequest() throws Exception {
        try (Lab lab = lab(FaultPlan.NONE); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab).forceConnect(true)
                        .timeouts(Timeouts.builder().connect(PATIENT).responseHead(QUICK)
                        .readIdle(QUICK).build()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(http(lab, "/delay/5000"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.REQUEST);
            assertThat(e.getCause()).isInstanceOf(TimeoutException.class);
            costsItsConnection(e, carried);
            assertThat(e.handshakeBytes()).as("the CONNECT and its answer")
                    .isGreaterThanOrEqualTo(CONNECT_REQUEST + CONNECT_ANSWER)
                    .isLessThanOrEqualTo(e.bytesOut() + e.bytesIn() - "GET /delay/5000 HTTP/1.1\r\n\r\n".length());
        }
    }

    @Test
    void aRequestTimingOutOnAReusedTunnelCostsItsOwnExchangeOnly() throws Exception {
        try (Lab lab = lab(FaultPlan.NONE); CountingRelay relay = new CountingRelay(lab.gatewayPort());
                ProxyClient client = through(relay, "http", lab).forceConnect(true)
                        .timeouts(Timeouts.builder().connect(PATIENT).responseHead(QUICK)
                        .readIdle(QUICK).build()).build()) {
            ProxyResponse first = client.send(ProxyRequest.get(http(lab, "/cdn-cgi/trace"))).get(10, TimeUnit.SECONDS);
            CallException e = Calls.failure(client.send(ProxyRequest.get(http(lab, "/delay/5000"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.REQUEST);
            assertThat(e.reused()).isTrue();
            assertThat(e.handshakeBytes()).isZero();
            assertThat(e.bytesOut()).isEqualTo(carried.fromClient() - first.bytesOut())
                    .isGreaterThanOrEqualTo("GET /delay/5000 HTTP/1.1\r\n\r\n".length());
            assertThat(e.bytesIn()).isEqualTo(carried.toClient() - first.bytesIn());
        }
    }

    @Test
    void aStalledTunnelOnASharedHttp2ProxyConnectionCostsItsOwnPayloadOnly() throws Exception {
        CallException e;
        CountingRelay.Carried carried;
        try (Lab lab = lab(STALL); CountingRelay relay = new CountingRelay(lab.gatewayTlsPort())) {
            try (ProxyClient client = through(relay, "https", lab).proxyProtocol(ProxyProtocol.H2_PREFERRED)
                    .timeouts(Timeouts.builder().tcp(PATIENT).tunnel(PATIENT).tls(QUICK).responseHead(PATIENT)
                    .readIdle(PATIENT).build()).build()) {
                e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            }
            carried = relay.nextEnded();
        }
        assertThat(e.phase()).isEqualTo(Phase.TLS);
        assertThat(e.bytesKnown()).isTrue();
        assertThat(e.bytesOut()).as("the ClientHello in the stream's DATA").isGreaterThan(5)
                .isLessThan(carried.fromClient());
        assertThat(e.bytesIn()).as("the stalled tunnel's payload").isZero();
    }

    @Test
    void anHttp2ProxyConnectionThatFailsItsTlsIsChargedToTheCallThatOpenedIt() throws Exception {
        try (Lab lab = lab(FaultPlan.NONE); CountingRelay relay = new CountingRelay(lab.gatewayTlsPort());
                ProxyClient client = through(relay, "https", lab).proxyProtocol(ProxyProtocol.H2_PREFERRED)
                        .tls(TlsSettings.system()).build()) {
            CallException e = Calls.failure(client.send(ProxyRequest.get(https(lab, "/cdn-cgi/trace"))));
            CountingRelay.Carried carried = relay.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.PROXY_TLS);
            assertThat(e.bytesOut()).as("the ClientHello and the alert").isEqualTo(carried.fromClient());
            assertThat(e.bytesIn()).isLessThanOrEqualTo(carried.toClient()).isGreaterThan(5);
        }
    }
}
