package io.proxybench.client.internal.decode;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.proxybench.client.testing.ExternalPeer;
import io.proxybench.client.testing.Nginx;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bodies encoded by real servers on loopback decode to the file they served: nginx with {@code gzip on}, and a small
 * python origin (Python's zlib, Debian's brotli and zstandard modules) for every coding. Each is fetched over a plain
 * HTTP/1.0 socket (a body that ends with the connection, no transfer coding), and the decoder is fed what arrives, as
 * it arrives.
 */
class ContentDecodingInteropTest {

    private static final String FILE = "page.txt";
    private static final String PACKAGES = "nginx-light python3-brotli python3-zstandard";
    /** Debian's python3, where the apt packages install their modules (a python3 earlier in PATH may lack them). */
    private static final List<String> PYTHONS = List.of("/usr/bin/python3", "python3");
    private static final DecodeLimits LIMITS = new DecodeLimits(64L << 20, 1000);

    /** Longest response head read. */
    private static final int MAX_HEAD_BYTES = 8192;
    private static final int READ_TIMEOUT_MS = 20_000;

    private static byte[] page;
    private static Path root;

    @BeforeAll
    static void writeThePage() throws IOException {
        page = Encodings.text(400_000, 39);
        root = Files.createTempDirectory("proxybench-decode-root-");
        Files.write(root.resolve(FILE), page);
    }

    @AfterAll
    static void removeThePage() throws IOException {
        Files.deleteIfExists(root.resolve(FILE));
        Files.deleteIfExists(root);
    }

    @Test
    void whatNginxGzipsDecodesToTheFile() throws Exception {
        int port = ExternalPeer.freePort();
        try (ExternalPeer peer = Nginx.start(ExternalPeer.newFolder("nginx-gzip"), "content-decoding interop",
                gzipServer(port), port, PACKAGES)) {
            Fetched fetched = fetch(port, "/" + FILE, "gzip");
            assertThat(fetched.contentEncoding).as("nginx's answer; its output:\n%s", peer.output())
                    .isEqualTo("gzip");
            assertThat(fetched.decoded).isEqualTo(page);
            assertThat(fetched.encodedBytes).as("gzip made it smaller").isLessThan(page.length / 2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"br", "zstd", "gzip", "deflate", "gzip,br", "br,zstd"})
    void whatAPythonOriginEncodesDecodesToTheFile(String codings) throws Exception {
        String python = pythonWithBrotliAndZstandard();
        Path folder = ExternalPeer.newFolder("encoding-origin");
        Path script = folder.resolve("encoding_origin.py");
        try (InputStream in = ContentDecodingInteropTest.class.getResourceAsStream("encoding_origin.py")) {
            Files.copy(in, script);
        }
        int port = ExternalPeer.freePort();
        try (ExternalPeer peer = ExternalPeer.start("encoding-origin", folder,
                List.of(python, script.toString(), Integer.toString(port), root.toString()), port)) {
            Fetched fetched = fetch(port, "/" + codings + "/" + FILE, "gzip, deflate, br, zstd");
            assertThat(fetched.contentEncoding).as("the origin's answer; its output:\n%s", peer.output())
                    .isEqualTo(codings.replace(",", ", "));
            assertThat(fetched.decoded).isEqualTo(page);
        }
    }

    /** A body as received and decoded. */
    private record Fetched(String contentEncoding, byte[] decoded, long encodedBytes) {}

    /** GETs {@code path} from 127.0.0.1:{@code port} over HTTP/1.0 and decodes its body chunk by chunk as it arrives. */
    private static Fetched fetch(int port, String path, String acceptEncoding) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(READ_TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept-Encoding: " + acceptEncoding
                    + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            assertThat(head).as("response head for %s", path).containsPattern("^HTTP/1\\.[01] 200 ");
            String contentEncoding = head.lines().filter(line -> line.toLowerCase(Locale.ROOT)
                    .startsWith("content-encoding:")).map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst().orElse("");
            ContentEncoding encoding = ContentEncoding.parse(contentEncoding);
            assertThat(encoding.isDecodable()).as("Content-Encoding: %s", contentEncoding).isTrue();
            ByteArrayOutputStream decoded = new ByteArrayOutputStream();
            ContentDecoder decoder = ContentDecoder.start(encoding, LIMITS, PooledByteBufAllocator.DEFAULT,
                    chunk -> {
                        byte[] bytes = new byte[chunk.readableBytes()];
                        chunk.getBytes(chunk.readerIndex(), bytes);
                        decoded.writeBytes(bytes);
                    });
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) > 0; ) {
                ByteBuf chunk = PooledByteBufAllocator.DEFAULT.buffer(n).writeBytes(buffer, 0, n);
                try {
                    decoder.decode(chunk, chunk.readerIndex(), n);
                } finally {
                    chunk.release();
                }
            }
            decoder.finish();
            return new Fetched(contentEncoding, decoded.toByteArray(), decoder.encodedBytes());
        }
    }

    /** The status line and header fields, up to and without the empty line; the body is what {@code in} has left. */
    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last4 = 0;
        while (last4 != 0x0d0a0d0a) {
            int b = in.read();
            if (b < 0 || head.size() >= MAX_HEAD_BYTES) {
                throw new AssertionError("no complete response head in " + head.size() + " bytes: "
                        + head.toString(StandardCharsets.US_ASCII));
            }
            head.write(b);
            last4 = (last4 << 8) | b;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    /** The first python3 that imports brotli and zstandard; skips (fails under CI=true) when none does. */
    private static String pythonWithBrotliAndZstandard() {
        for (String python : PYTHONS) {
            try {
                Process probe = new ProcessBuilder(python, "-c", "import brotli, zstandard").redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (probe.waitFor() == 0) {
                    return python;
                }
            } catch (IOException notThere) {
                // Try the next one.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while looking for python3", e);
            }
        }
        ExternalPeer.requireThat(false, "python3 with the brotli and zstandard modules", PACKAGES);
        throw new IllegalStateException("unreachable: requireThat skips or fails the test");
    }

    /** nginx's {@code http} block: {@link #root} served on {@code port}, gzip'd whatever the size and type. */
    private static String gzipServer(int port) {
        return """
                    gzip on;
                    gzip_types *;
                    gzip_min_length 0;
                    gzip_http_version 1.0;
                    server {
                        listen 127.0.0.1:%d;
                        root %s;
                    }
                """.formatted(port, root);
    }
}
