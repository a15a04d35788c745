package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.testing.CountingPeer;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A body is never returned cut with a success status: a buffered one over the limit fails the call, naming the limit
 * and the streaming alternative; a streamed one is read whole, in bounded memory, at its reader's pace.
 */
class ResponseBodiesTest {

    private static final int MIB = 1 << 20;

    /** A response head with {@code length} bytes of body to follow. */
    private static String head(long length) {
        return "HTTP/1.1 200 OK\r\nContent-Length: " + length + "\r\n\r\n";
    }

    /** {@code n} bytes of a repeating pattern, written in 64 KiB pieces. */
    private static void body(CountingPeer.Connection c, long n) throws IOException {
        byte[] piece = new byte[64 << 10];
        for (int i = 0; i < piece.length; i++) {
            piece[i] = (byte) (i * 31);
        }
        for (long left = n; left > 0; left -= piece.length) {
            c.write(left >= piece.length ? piece : Arrays.copyOf(piece, (int) left));
        }
    }

    private static CallException failure(CompletableFuture<?> call) throws Exception {
        try {
            call.get(20, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(CallException.class);
            return (CallException) e.getCause();
        }
        throw new AssertionError("the call succeeded");
    }

    @Test
    void aBufferedBodyOverTheLimitFailsTheCallInsteadOfComingBackCut() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            if (i == 0) {
                c.write(head(2000)); // announced over the limit: refused at the head
                body(c, 2000);
            } else {
                // Chunked, no length announced: refused at the byte past the limit.
                c.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7d0\r\n" + "x".repeat(2000) + "\r\n0\r\n\r\n");
            }
        }); ProxyClient client = ProxyClient.builder().maxBodyBytes(1000).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            for (int i = 0; i < 2; i++) {
                CallException e = failure(client.send(ProxyRequest.get(url)));
                assertThat(e.label()).isEqualTo("request_BodyTooLargeException");
                assertThat(e.getMessage()).contains("1,000-byte limit").contains("maxBodyBytes")
                        .contains("ProxyClient.stream");
            }
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }

    @Test
    void aBodyAtTheLimitIsWholeAndAPrefixClientCountsWhatItDoesNotKeep() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(head(1000) + "y".repeat(1000));
            c.readHead();
            c.write(head(1000) + "y".repeat(1000));
        })) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            try (ProxyClient client = ProxyClient.builder().maxBodyBytes(1000).build()) {
                ProxyResponse whole = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
                assertThat(whole.body()).hasSize(1000);
                assertThat(whole.bodyBytes()).isEqualTo(1000);
            }
            try (ProxyClient client = ProxyClient.builder().keepBodyPrefix(10).build()) {
                ProxyResponse prefix = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
                assertThat(prefix.bodyText()).isEqualTo("y".repeat(10));
                assertThat(prefix.bodyBytes()).isEqualTo(1000);
            }
        }
    }

    @Test
    void aStreamedBodyIsReadWholeAtItsReadersPaceWithTheServerHeldBack() throws Exception {
        long size = 64L * MIB;
        CountingPeer.Connection[] served = new CountingPeer.Connection[1];
        MessageDigest sent = MessageDigest.getInstance("SHA-256");
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            served[0] = c;
            c.readHead();
            c.write(head(size));
            body(c, size);
        }); ProxyClient client = ProxyClient.builder().maxBodyBytes(MIB).build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            try (ResponseStream r = client.stream(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS)) {
                assertThat(r.status()).isEqualTo(200);
                // The reader reads nothing for a while: the client stops reading, and the server's writes block once
                // the socket buffers are full, far short of the 64 MiB it has to send.
                Thread.sleep(1500);
                assertThat(served[0].written()).as("bytes the server could write while nobody read")
                        .isLessThan(32L * MIB);
                MessageDigest got = MessageDigest.getInstance("SHA-256");
                byte[] buf = new byte[32 << 10];
                long total = 0;
                InputStream body = r.body();
                for (int n; (n = body.read(buf)) >= 0; ) {
                    got.update(buf, 0, n);
                    total += n;
                }
                assertThat(total).isEqualTo(size);
                assertThat(HexFormat.of().formatHex(got.digest())).isEqualTo(digestOfPattern(size));
                ProxyResponse done = r.completion().get(20, TimeUnit.SECONDS);
                assertThat(done.bodyBytes()).isEqualTo(size);
                assertThat(done.body()).isEmpty();
            }
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }

    private static String digestOfPattern(long size) throws Exception {
        MessageDigest d = MessageDigest.getInstance("SHA-256");
        byte[] piece = new byte[64 << 10];
        for (int i = 0; i < piece.length; i++) {
            piece[i] = (byte) (i * 31);
        }
        for (long left = size; left > 0; left -= piece.length) {
            d.update(piece, 0, (int) Math.min(piece.length, left));
        }
        return HexFormat.of().formatHex(d.digest());
    }

    @Test
    void aStreamCutShortFailsItsReadsAndItsCompletion() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            c.readHead();
            c.write(head(1000) + "z".repeat(400));
            c.hangUp();
        }); ProxyClient client = ProxyClient.builder().build()) {
            ResponseStream r = client.stream(ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/"))
                    .get(20, TimeUnit.SECONDS);
            byte[] got = new byte[400];
            assertThat(r.body().readNBytes(got, 0, 400)).isEqualTo(400);
            assertThatThrownBy(() -> r.body().read()).isInstanceOf(IOException.class)
                    .hasRootCauseMessage("connection closed by the peer in the middle of the response");
            assertThat(failure(r.completion()).label()).isEqualTo("request_TruncatedResponseException");
        }
    }

    @Test
    void closingAStreamBeforeItsEndAbortsTheExchangeAndFreesItsSlot() throws Exception {
        CountDownLatch secondConnection = new CountDownLatch(1);
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            if (i == 1) {
                secondConnection.countDown();
            }
            c.readHead();
            c.write(head(8L * MIB));
            body(c, 8L * MIB);
        }); ProxyClient client = ProxyClient.builder().build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            ResponseStream r = client.stream(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(r.body().read()).isGreaterThanOrEqualTo(0);
            r.close();
            CallException e = failure(r.completion());
            assertThat(e.label()).isEqualTo("request_Cancelled");
            assertThatThrownBy(() -> r.body().read()).isInstanceOf(IOException.class).hasMessageContaining("closed");
            // The connection was closed, not pooled mid-body: the next call opens another.
            ResponseStream next = client.stream(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(next.reused()).isFalse();
            assertThat(secondConnection.await(20, TimeUnit.SECONDS)).isTrue();
            next.close();
            failure(next.completion());
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }
}
