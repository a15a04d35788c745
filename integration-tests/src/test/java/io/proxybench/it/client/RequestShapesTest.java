package io.proxybench.it.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.ProxyClient;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxyProtocol;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Method, headers and body reach the lab target as sent, whichever way the request goes: HTTP/1.1 and h2 to the
 * origin, direct and through each proxy mode. The target's {@code /anything} reports what it received, the body by
 * length and SHA-256, so a body streamed from a file is checked whole without the test holding it.
 */
class RequestShapesTest {

    /** Larger than the client's kept-body limit and the target's aggregation limit, so both must stream it. */
    private static final int FILE_BYTES = 24 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path home;

    static Lab lab;
    static Path bodyFile;
    static String bodySha256;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
        bodyFile = home.resolve("body.bin");
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        Random random = new Random(7);
        byte[] chunk = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(bodyFile)) {
            for (int i = 0; i < FILE_BYTES / chunk.length; i++) {
                random.nextBytes(chunk);
                sha.update(chunk);
                out.write(chunk);
            }
        }
        bodySha256 = HexFormat.of().formatHex(sha.digest());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** Mode, proxy URL (null: direct), origin scheme, whether to offer only HTTP/1.1 to the origin. */
    static Stream<Arguments> modes() {
        String gw = "127.0.0.1:" + lab.gatewayPort();
        String tls = "127.0.0.1:" + lab.gatewayTlsPort();
        List<Arguments> all = new ArrayList<>();
        for (boolean http11 : new boolean[] {true, false}) {
            all.add(Arguments.of("direct", null, "https", http11, false));
            all.add(Arguments.of("connect", "http://" + gw, "https", http11, false));
            all.add(Arguments.of("socks5", "socks5h://" + gw, "https", http11, false));
            all.add(Arguments.of("https-proxy", "https://" + tls, "https", http11, false));
            all.add(Arguments.of("h2-proxy", "https://" + tls, "https", http11, true));
        }
        all.add(Arguments.of("forward", "http://" + gw, "http", true, false));
        all.add(Arguments.of("direct-plain", null, "http", true, false));
        return all.stream();
    }

    @ParameterizedTest(name = "{0}, http1.1 only={3}")
    @MethodSource("modes")
    void methodHeadersAndBodiesArriveAsSent(String mode, String proxy, String scheme, boolean http11, boolean h2Proxy)
            throws Exception {
        try (ProxyClient client = client(proxy, http11, h2Proxy)) {
            String url = origin(scheme) + "/anything/shape?q=1";
            JsonNode put = send(client, ProxyRequest.get(url).withMethod("PUT").withHeader("X-Trace", "a b")
                    .withHeader("Cookie", "k=v").withHeader("X-Trace", "second")
                    .withBody("name=proxybench&n=1".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            assertThat(put.path("method").asText()).isEqualTo("PUT");
            assertThat(put.path("path").asText()).isEqualTo("/anything/shape");
            assertThat(put.path("query").asText()).isEqualTo("q=1");
            assertThat(put.path("http").asText()).isEqualTo(http11 || scheme.equals("http") ? "http/1.1" : "http/2");
            assertThat(headers(put, "x-trace")).containsExactly("a b", "second");
            assertThat(headers(put, "cookie")).as("echoed redacted").containsExactly("(redacted, 3 characters)");
            assertThat(put.path("body_bytes").asLong()).isEqualTo(19);
            assertThat(put.path("body_sha256").asText()).isEqualTo(sha256("name=proxybench&n=1"));

            JsonNode post = send(client, ProxyRequest.get(url).withMethod("POST").withBodyFile(bodyFile)
                    .withHeader("Content-Type", "application/octet-stream"));
            assertThat(post.path("method").asText()).isEqualTo("POST");
            assertThat(post.path("body_bytes").asLong()).isEqualTo(FILE_BYTES);
            assertThat(post.path("body_sha256").asText()).isEqualTo(bodySha256);
            assertThat(headers(post, "content-length")).containsExactly(Long.toString(FILE_BYTES));

            JsonNode again = send(client, ProxyRequest.get(url).withMethod("DELETE"));
            assertThat(again.path("method").asText()).isEqualTo("DELETE");
            assertThat(again.path("body_bytes").asLong()).isZero();
        }
    }

    @Test
    void aBodyFileThatCannotBeReadFailsTheCallNamingIt() throws Exception {
        try (ProxyClient client = client(null, true, false)) {
            Path missing = home.resolve("missing.bin");
            assertThat(client.send(ProxyRequest.get(origin("https") + "/anything").withMethod("POST")
                    .withBodyFile(missing))).failsWithin(10, TimeUnit.SECONDS).withThrowableThat()
                    .withMessageContaining("cannot read the body file " + missing);
        }
    }

    private static ProxyClient client(String proxy, boolean http11, boolean h2Proxy) {
        TlsSettings tls = TlsSettings.caFile(lab.caFile());
        ProxyClient.Builder b = ProxyClient.builder().tls(http11 ? tls.withAlpn(TlsSettings.HTTP11_ONLY) : tls);
        if (proxy != null) {
            b.proxy(ProxySpec.parse(proxy));
        }
        if (h2Proxy) {
            b.proxyProtocol(ProxyProtocol.H2_PREFERRED);
        }
        return b.build();
    }

    private static String origin(String scheme) {
        return scheme + "://127.0.0.1:" + (scheme.equals("https") ? lab.targetHttpsPort() : lab.targetHttpPort());
    }

    private static JsonNode send(ProxyClient client, ProxyRequest request) throws Exception {
        ProxyResponse r = client.send(request).get(60, TimeUnit.SECONDS);
        assertThat(r.status()).as(r.bodyText()).isEqualTo(200);
        return JSON.readTree(r.bodyText());
    }

    private static List<String> headers(JsonNode response, String name) {
        List<String> values = new ArrayList<>();
        response.path("headers").forEach(h -> {
            if (h.get(0).asText().equalsIgnoreCase(name)) {
                values.add(h.get(1).asText());
            }
        });
        return values;
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
