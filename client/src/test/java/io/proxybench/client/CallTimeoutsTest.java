package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.Phase;
import io.proxybench.client.testing.CountingPeer;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each limit ends a response that stalls where it watches, with a label of its own: the head's, the wait between body
 * bytes, and the whole call; a request's own limits replace the client's; a streamed body's slow reader is not the
 * server stalling.
 */
class CallTimeoutsTest {

    private static final Duration SHORT = Duration.ofMillis(300);
    private static final Duration LONG = Duration.ofSeconds(20);

    private static CallException failure(CompletableFuture<?> call) throws Exception {
        try {
            call.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }

    private static Timeouts limits(Duration head, Duration idle, Duration call) {
        return Timeouts.builder().connect(LONG).responseHead(head).readIdle(idle).call(call).build();
    }

    @Test
    void aHeadThatNeverComesEndsAtTheResponseHeadLimit() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> c.readHead());
                ProxyClient client = ProxyClient.builder().timeouts(limits(SHORT, LONG, Duration.ZERO)).build()) {
            CallException e = failure(client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/")));
            assertThat(e.label()).isEqualTo("request_HeadTimeout");
            assertThat(e.getMessage()).contains("no response head within 300 ms (the responseHead timeout)");
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }

    @Test
    void aBodyThatStallsEndsAtTheReadIdleLimit() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + "a".repeat(10));
        }); ProxyClient client = ProxyClient.builder().timeouts(limits(LONG, SHORT, Duration.ZERO)).build()) {
            CallException e = failure(client.send(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/")));
            assertThat(e.label()).isEqualTo("request_IdleTimeout");
            assertThat(e.getMessage()).contains("no body bytes for 300 ms (the readIdle timeout)");
        }
    }

    @Test
    void aBodyThatTricklesEndsAtTheCallLimitAndARequestsOwnLimitsWin() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n");
            for (int b = 0; b < 100; b++) {
                c.write("b");
                Thread.sleep(50); // never idle for long, never done in time
            }
        }); ProxyClient client = ProxyClient.builder().timeouts(limits(LONG, LONG, LONG)).build()) {
            ProxyRequest request = ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/")
                    .withTimeouts(limits(LONG, Duration.ofSeconds(2), Duration.ofMillis(800)));
            CallException e = failure(client.send(request));
            assertThat(e.label()).isEqualTo("request_CallTimeout");
            assertThat(e.phase()).isEqualTo(Phase.REQUEST);
            assertThat(e.getMessage()).contains("longer than 800 ms (the call timeout)");
        }
    }

    @Test
    void aSlowReaderOfAStreamIsNotTheServerStalling() throws Exception {
        int size = 8 << 20;
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write("HTTP/1.1 200 OK\r\nContent-Length: " + size + "\r\n\r\n");
            c.write(new byte[size]);
        }); ProxyClient client = ProxyClient.builder().timeouts(limits(LONG, SHORT, Duration.ZERO)).build()) {
            try (ResponseStream r = client.stream(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS)) {
                Thread.sleep(1200); // four read-idle limits, with the reads paused for the reader
                InputStream body = r.body();
                assertThat(body.readAllBytes()).hasSize(size);
                assertThat(r.completion().get(20, TimeUnit.SECONDS).bodyBytes()).isEqualTo(size);
            }
        }
    }
}
