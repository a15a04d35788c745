package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.testing.CountingPeer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A body streamed from a source: chunked without a length, with Content-Length given one, opened anew per send. */
class RequestBodySourceTest {

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private static byte[] body(int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i % 251);
        }
        return b;
    }

    /** Reads a chunked body as its framing says, to its last chunk. */
    private static byte[] readChunked(CountingPeer.Connection c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            StringBuilder line = new StringBuilder();
            for (int b; (b = c.read()) != '\n'; ) {
                line.append((char) b);
            }
            int size = Integer.parseInt(line.toString().strip(), 16);
            for (int i = 0; i < size; i++) {
                out.write(c.read());
            }
            c.read(); // CR
            c.read(); // LF
            if (size == 0) {
                return out.toByteArray();
            }
        }
    }

    @Test
    void aSourceOfUnknownLengthIsSentChunkedAndOneOfKnownLengthWithItsLength() throws Exception {
        byte[] sent = body(3 << 20);
        AtomicReference<byte[]> chunked = new AtomicReference<>();
        AtomicReference<String> secondHead = new AtomicReference<>();
        AtomicInteger opened = new AtomicInteger();
        try (CountingPeer origin = new CountingPeer((c, i) -> {
            String head = c.readHead().toLowerCase(Locale.ROOT);
            assertThat(head).contains("transfer-encoding: chunked").doesNotContain("content-length");
            chunked.set(readChunked(c));
            c.write(OK);
            secondHead.set(c.readHead().toLowerCase(Locale.ROOT));
            for (int b = 0; b < 5; b++) {
                c.read();
            }
            c.write(OK);
        }); ProxyClient client = ProxyClient.builder().build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/upload";
            ProxyRequest post = ProxyRequest.get(url).withMethod("POST").withBody(() -> {
                opened.incrementAndGet();
                return new ByteArrayInputStream(sent);
            });
            ProxyResponse r = client.send(post).get(30, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(200);
            assertThat(Arrays.equals(chunked.get(), sent)).as("the body, whole, in chunks").isTrue();
            assertThat(r.bytesOut()).isGreaterThan(sent.length);
            ProxyRequest sized = ProxyRequest.get(url).withMethod("PUT")
                    .withBody(BodySource.of(() -> new ByteArrayInputStream("hello".getBytes()), 5));
            assertThat(client.send(sized).get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
            assertThat(secondHead.get()).contains("content-length: 5").doesNotContain("chunked");
            assertThat(opened.get()).isEqualTo(1);
        }
    }

    @Test
    void aSourceShorterThanItsLengthFailsTheCallSayingSo() throws Exception {
        try (CountingPeer origin = new CountingPeer((c, i) -> c.readHead());
                ProxyClient client = ProxyClient.builder().build()) {
            ProxyRequest post = ProxyRequest.get("http://127.0.0.1:" + origin.port() + "/").withMethod("POST")
                    .withBody(BodySource.of(() -> new ByteArrayInputStream(new byte[10]), 100));
            try {
                client.send(post).get(30, TimeUnit.SECONDS);
                throw new AssertionError("the call succeeded");
            } catch (ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(CallException.class)
                        .hasMessageContaining("the body source gave only 10 bytes; its length says 100");
            }
        }
    }
}
