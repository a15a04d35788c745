package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.testing.Await;
import io.proxybench.client.testing.CountingPeer;
import java.net.ServerSocket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The blocking call: a response, or the failure as a {@link CallException}; an interrupt cancels the call. */
class ExecuteTest {

    @Test
    void executeReturnsTheResponseWithItsHeadersAndBody() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Tag: a\r\nx-tag: b\r\n\r\nok");
        }); ProxyClient client = ProxyClient.builder().build()) {
            ProxyResponse r = client.execute(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"));

            assertThat(r.status()).isEqualTo(200);
            assertThat(r.bodyText()).isEqualTo("ok");
            assertThat(r.headers().values("X-TAG")).containsExactly("a", "b");
            assertThat(r.toString()).isEqualTo("200 over http/1.1 via direct");
        }
    }

    @Test
    void aFailedCallIsThrownAsACallExceptionWithItsKind() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        try (ProxyClient client = ProxyClient.builder().build()) {
            assertThatThrownBy(() -> client.execute(ProxyRequest.get("http://127.0.0.1:" + closed + "/")))
                    .isInstanceOfSatisfying(CallException.class,
                            e -> assertThat(e.kind()).isEqualTo(CallException.Kind.CONNECT));
        }
    }

    @Test
    void interruptingTheWaitingThreadCancelsTheCall() throws Exception {
        CountDownLatch asked = new CountDownLatch(1);
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            asked.countDown();
            Thread.sleep(30_000); // never answers in the test's time
        }); ProxyClient client = ProxyClient.builder().build()) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread caller = new Thread(() -> {
                try {
                    client.execute(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"));
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            caller.start();
            assertThat(asked.await(10, TimeUnit.SECONDS)).isTrue();
            caller.interrupt();
            caller.join(10_000);

            assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
            Await.untilEquals(0, () -> client.poolGauges().acquired());
        }
    }
}
