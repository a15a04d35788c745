package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.testing.CountingPeer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The client asks for compressed bodies and decodes them, buffered or streamed, keeping wire and decoded bytes apart;
 * a caller's own Accept-Encoding, or a coding it cannot decode, gets the body as received; corrupt data and bombs
 * fail the call.
 */
class DecodedBodiesTest {

    private static final byte[] PAGE = "<html>".concat("proxybench ".repeat(3000)).concat("</html>")
            .getBytes(StandardCharsets.US_ASCII);

    private static byte[] gzip(byte[] plain) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(plain);
        }
        return out.toByteArray();
    }

    /** An origin answering every request on a connection with {@code body} under {@code coding}. */
    private static CountingPeer origin(String coding, byte[] body, List<String> heads) throws Exception {
        return new CountingPeer((c, i) -> {
            while (true) {
                heads.add(c.readHead().toLowerCase(Locale.ROOT));
                c.write("HTTP/1.1 200 OK\r\nContent-Encoding: " + coding + "\r\nContent-Length: " + body.length
                        + "\r\n\r\n");
                c.write(body);
            }
        });
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
    void aGzipBodyIsAskedForAndDecodedWithWireAndDecodedBytesApart() throws Exception {
        byte[] wire = gzip(PAGE);
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer origin = origin("gzip", wire, heads); ProxyClient client = ProxyClient.builder().build()) {
            String url = "http://127.0.0.1:" + origin.port() + "/";
            ProxyResponse r = client.send(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS);
            assertThat(heads.get(0)).contains("accept-encoding: gzip, deflate");
            assertThat(r.body()).isEqualTo(PAGE);
            assertThat(r.bodyBytes()).isEqualTo(wire.length);
            assertThat(r.decodedBytes()).isEqualTo(PAGE.length);
            assertThat(r.bytesIn()).as("the wire bytes: the compressed body and its head")
                    .isLessThan(PAGE.length).isGreaterThan(wire.length);
            try (ResponseStream s = client.stream(ProxyRequest.get(url)).get(20, TimeUnit.SECONDS)) {
                assertThat(s.body().readAllBytes()).isEqualTo(PAGE);
            }
        }
    }

    @Test
    void aCallersOwnAcceptEncodingAnUnknownCodingOrDecompressionOffGetTheBodyAsReceived() throws Exception {
        byte[] wire = gzip(PAGE);
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer gz = origin("gzip", wire, heads); CountingPeer odd = origin("x-unknown", PAGE, heads)) {
            try (ProxyClient client = ProxyClient.builder().build()) {
                ProxyResponse own = client.send(ProxyRequest.get("http://127.0.0.1:" + gz.port() + "/")
                        .withHeader("Accept-Encoding", "gzip")).get(20, TimeUnit.SECONDS);
                assertThat(own.body()).isEqualTo(wire);
                assertThat(own.decodedBytes()).isEqualTo(-1);
                ProxyResponse unknown = client.send(ProxyRequest.get("http://127.0.0.1:" + odd.port() + "/"))
                        .get(20, TimeUnit.SECONDS);
                assertThat(unknown.body()).isEqualTo(PAGE);
                assertThat(unknown.decodedBytes()).isEqualTo(-1);
            }
            heads.clear();
            try (ProxyClient client = ProxyClient.builder().decompression(false).build()) {
                ProxyResponse off = client.send(ProxyRequest.get("http://127.0.0.1:" + gz.port() + "/"))
                        .get(20, TimeUnit.SECONDS);
                assertThat(off.body()).isEqualTo(wire);
                assertThat(heads.get(0)).doesNotContain("accept-encoding");
            }
        }
    }

    @Test
    void corruptDataAndABombFailTheCallNamingTheCoding() throws Exception {
        byte[] corrupt = gzip(PAGE);
        corrupt[corrupt.length / 2] ^= 0x55;
        byte[] bomb = gzip(new byte[8 << 20]);
        List<String> heads = new CopyOnWriteArrayList<>();
        try (CountingPeer bad = origin("gzip", corrupt, heads); CountingPeer big = origin("gzip", bomb, heads);
                ProxyClient client = ProxyClient.builder().decodeLimits(1L << 30, 100).build()) {
            CallException c = failure(client.send(ProxyRequest.get("http://127.0.0.1:" + bad.port() + "/")));
            assertThat(c.label()).isEqualTo("request_ContentDecodingException");
            assertThat(c.getMessage()).contains("gzip");
            CallException b = failure(client.stream(ProxyRequest.get("http://127.0.0.1:" + big.port() + "/"))
                    .thenCompose(ResponseStream::completion));
            assertThat(b.label()).isEqualTo("request_ContentDecodingException");
            assertThat(b.getMessage()).contains("decompression bomb");
            assertThat(client.poolGauges().acquired()).isZero();
        }
    }
}
