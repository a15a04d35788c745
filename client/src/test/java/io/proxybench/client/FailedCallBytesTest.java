package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.pool.AcquireTimeoutException;
import io.proxybench.client.testing.CountingPeer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * The wire bytes a failed call reports, against what a scripted peer on the other end of its connections counted:
 * a failed setup pays for its connection, a failed exchange for its own traffic, a retried call for both attempts.
 */
class FailedCallBytesTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    private static final Timeouts QUICK_REQUEST = Timeouts.defaults().withResponseHead(Duration.ofMillis(200));

    private static CallException failure(CompletableFuture<ProxyResponse> call) throws Exception {
        try {
            call.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }

    @Test
    void aRefusedConnectCostsItsRequestAndTheProxysAnswer() throws Exception {
        String refusal = "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 11\r\n\r\nno upstream";
        try (CountingPeer proxy = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(refusal);
        }); ProxyClient client = ProxyClient.builder()
                .proxy("http://alice:Zq7secretPw@127.0.0.1:" + proxy.port()).build()) {
            CallException e = failure(client.send(ProxyRequest.get("https://origin.test/")));
            CountingPeer.Carried carried = proxy.nextEnded();

            assertThat(e.label()).isEqualTo("connect_502");
            assertThat(e.reason()).isEqualTo("no upstream");
            assertThat(e.reused()).as("the connection it opened").isFalse();
            assertThat(e.getMessage()).doesNotContain("Zq7secretPw");
            assertThat(e.bytesKnown()).isTrue();
            assertThat(e.bytesOut()).isEqualTo(carried.read())
                    .isGreaterThan("CONNECT origin.test:443 HTTP/1.1\r\n\r\n".length());
            assertThat(e.bytesIn()).isEqualTo(carried.written()).isEqualTo(refusal.length());
            assertThat(e.handshakeBytes()).isEqualTo(e.bytesOut() + e.bytesIn());
            Counts counts = client.counters().total();
            assertThat(counts.created()).as("a connection opened, whose setup failed").isEqualTo(1);
            assertThat(counts.closedByReason()).isEqualTo(Map.of(CloseReason.ERROR.label(), 1L));
            assertThat(new long[] {counts.bytesOut(), counts.bytesIn(), counts.handshakeBytes()})
                    .containsExactly(e.bytesOut(), e.bytesIn(), e.handshakeBytes());
            assertThat(counts.requests()).isZero();
        }
    }

    @Test
    void aTimeoutAfterTheTunnelWasUpCostsTheSetupAndTheRequest() throws Exception {
        String established = "HTTP/1.1 200 Connection established\r\n\r\n";
        long[] connect = new long[1];
        try (CountingPeer proxy = new CountingPeer((c, i) -> {
            connect[0] = c.readHead().length();
            c.write(established);
            c.readHead(); // and never answers
        }); ProxyClient client = ProxyClient.builder().proxy("http://127.0.0.1:" + proxy.port()).forceConnect(true)
                .timeouts(QUICK_REQUEST).build()) {
            CallException e = failure(client.send(ProxyRequest.get("http://origin.test/")));
            CountingPeer.Carried carried = proxy.nextEnded();

            assertThat(e.phase()).isEqualTo(Phase.REQUEST);
            assertThat(e.getCause()).isInstanceOf(TimeoutException.class);
            assertThat(e.reused()).as("the connection it set up").isFalse();
            assertThat(e.bytesOut()).isEqualTo(carried.read());
            assertThat(e.bytesIn()).isEqualTo(carried.written()).isEqualTo(established.length());
            assertThat(e.handshakeBytes()).isEqualTo(connect[0] + established.length());
        }
    }

    @Test
    void aCallRetriedAfterItsReusedConnectionDiedCostsBothAttempts() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            if (i == 0) {
                c.readHead();
                c.write(OK);
            }
            c.readHead();
            c.hangUp();
        }); ProxyClient client = ProxyClient.builder().build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            ProxyResponse first = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            CallException e = failure(client.send(ProxyRequest.get(url)));
            CountingPeer.Carried reused = origin.nextEnded();
            CountingPeer.Carried retried = origin.nextEnded();

            assertThat(client.counters().total().retries()).isEqualTo(1);
            assertThat(e.reused()).as("the last attempt's: a new connection").isFalse();
            assertThat(e.bytesOut()).isEqualTo(reused.read() - first.bytesOut() + retried.read());
            assertThat(e.bytesIn()).isEqualTo(reused.written() - first.bytesIn() + retried.written()).isZero();
            assertThat(e.handshakeBytes()).isZero();
        }
    }

    @Test
    void aResponseAfterARetryCountsTheFirstAttemptToo() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(OK);
            if (i == 0) {
                c.readHead();
                c.hangUp();
            }
        })) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            ProxyResponse first;
            ProxyResponse second;
            try (ProxyClient client = ProxyClient.builder().build()) {
                first = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
                second = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            }
            CountingPeer.Carried reused = origin.nextEnded();
            CountingPeer.Carried retried = origin.nextEnded();

            assertThat(second.attempt()).isEqualTo(2);
            assertThat(second.bytesOut()).isEqualTo(reused.read() - first.bytesOut() + retried.read());
            assertThat(second.bytesIn()).isEqualTo(reused.written() - first.bytesIn() + retried.written());
        }
    }

    @Test
    void aRequestThatTimesOutOnAReusedConnectionSaysItWasReused() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(OK);
            c.readHead(); // and never answers
        }); ProxyClient client = ProxyClient.builder().timeouts(QUICK_REQUEST).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            CallException e = failure(client.send(ProxyRequest.get(url)));

            assertThat(e.getCause()).isInstanceOf(TimeoutException.class);
            assertThat(e.reused()).isTrue();
            assertThat(e.reason()).isNull();
        }
    }

    @Test
    void aRefusedTcpConnectHadNoConnectionAndOpenedNone() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (ProxyClient client = ProxyClient.builder().proxy("socks5h://127.0.0.1:" + closed).build()) {
            CallException e = failure(client.send(ProxyRequest.get("https://origin.test/")));

            assertThat(e.label()).isEqualTo("tcp_ConnectException");
            assertThat(e.reused()).isNull();
            assertThat(client.counters().total().created()).isZero();
            assertThat(client.counters().total().closedByReason()).isEmpty();
        }
    }

    @Test
    void aCallThatGotNoConnectionCostsNothing() throws Exception {
        PoolLimits one = PoolLimits.builder().maxPerKey(1).maxPerExit(1).maxTotal(1).keepAlive(Duration.ofSeconds(30))
                .acquireTimeout(Duration.ofMillis(100)).build();
        try (CountingPeer origin = new CountingPeer((c, i) -> c.readHead());
                ProxyClient client = ProxyClient.builder().limits(one).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            CompletableFuture<ProxyResponse> holding = client.send(ProxyRequest.get(url));
            CallException e = failure(client.send(ProxyRequest.get(url)));

            assertThat(e.phase()).isEqualTo(Phase.QUEUE);
            assertThat(e.getCause()).isInstanceOf(AcquireTimeoutException.class);
            assertThat(e.reused()).as("no connection").isNull();
            assertThat(e.bytesKnown()).isTrue();
            assertThat(new long[] {e.bytesOut(), e.bytesIn(), e.handshakeBytes()}).containsOnly(0);
            holding.cancel(true);
        }
    }
}
