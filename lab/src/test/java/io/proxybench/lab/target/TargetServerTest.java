package io.proxybench.lab.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import io.proxybench.lab.pki.LabCa;
import io.proxybench.lab.pki.ServerIdentity;
import io.proxybench.lab.pki.ServerTls;
import io.proxybench.net.Transport;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class TargetServerTest {

    private static final List<String> TRACE_KEYS = List.of("fl", "h", "ip", "ts", "visit_scheme", "uag", "colo",
            "sliver", "http", "loc", "tls", "sni", "ja4", "warp", "conn", "req");
    private static final Function<InetAddress, String> LOCATE =
            address -> address.getHostAddress().equals("127.3.4.5") ? "DE" : "XX";
    /** A slow refill (one token per 10 s) so the test's own pace cannot refill the bucket. */
    private static final TargetConfig CONFIG = new TargetConfig("127.0.0.1", 0, 0, 4, 0.1);

    @TempDir
    static Path caDir;

    private static EventLoopGroup boss;
    private static EventLoopGroup workers;
    private static LabCa ca;
    private static ServerIdentity identity;
    private static TargetServer server;
    private static SSLContext trustLab;

    @BeforeAll
    static void start() throws Exception {
        boss = Transport.current().newGroup(1);
        workers = Transport.current().newGroup(2);
        ca = LabCa.loadOrCreate(caDir);
        identity = ca.issueServer(List.of("localhost"), List.of("127.0.0.1", "::1"));
        server = TargetServer.start(CONFIG, Transport.current(), boss, workers, identity, LOCATE);
        KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
        trust.load(null, null);
        trust.setCertificateEntry("lab-ca", ca.certificate());
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        trustLab = SSLContext.getInstance("TLS");
        trustLab.init(null, trustManagers.getTrustManagers(), null);
    }

    @AfterAll
    static void stop() throws InterruptedException {
        server.close();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    private static Map<String, String> trace(String body) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : body.split("\n")) {
            int eq = line.indexOf('=');
            fields.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return fields;
    }

    private static HttpClient client(HttpClient.Version version) {
        return HttpClient.newBuilder().sslContext(trustLab).version(version).build();
    }

    private static HttpResponse<String> send(HttpClient client, String url) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(URI.create(url)).header("User-Agent", "proxybench-test").build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void traceNumbersRequestsOnOneKeepAliveConnection() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Map<String, String> first = trace(connection.get("/cdn-cgi/trace").text());
            Map<String, String> second = trace(connection.get("/cdn-cgi/trace").text());
            Http1Connection.Response third = connection.get("/cdn-cgi/trace");

            assertThat(first.keySet()).containsExactlyElementsOf(TRACE_KEYS);
            assertThat(first).containsEntry("fl", "proxybench-lab")
                    .containsEntry("h", connection.authority())
                    .containsEntry("ip", "127.0.0.1")
                    .containsEntry("visit_scheme", "http")
                    .containsEntry("uag", "proxybench-test")
                    .containsEntry("colo", "LAB")
                    .containsEntry("http", "http/1.1")
                    .containsEntry("loc", "XX")
                    .containsEntry("tls", "off")
                    .containsEntry("sni", "off")
                    .containsEntry("ja4", "off")
                    .containsEntry("warp", "off")
                    .containsEntry("req", "1");
            assertThat(first.get("ts")).matches("\\d{10}\\.\\d{3}");
            assertThat(second).containsEntry("conn", first.get("conn")).containsEntry("req", "2");
            assertThat(trace(third.text())).containsEntry("conn", first.get("conn")).containsEntry("req", "3");
            assertThat(third.header("server")).isEqualTo("proxybench-lab");
            assertThat(third.header("content-type")).startsWith("text/plain");
            assertThat(third.header("content-length")).isEqualTo(String.valueOf(third.body().length));
        }
    }

    @Test
    void connectionCloseEndsTheConnectionAndTheNextOneGetsANewId() throws IOException {
        String firstId;
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            firstId = trace(connection.get("/cdn-cgi/trace", "Connection: close").text()).get("conn");
            assertThat(connection.closedByServer()).isTrue();
        }
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Map<String, String> fields = trace(connection.get("/cdn-cgi/trace").text());
            assertThat(Long.parseLong(fields.get("conn"))).isGreaterThan(Long.parseLong(firstId));
            assertThat(fields).containsEntry("req", "1");
        }
    }

    @Test
    void http10WithoutKeepAliveCloses() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            connection.write("GET /cdn-cgi/trace HTTP/1.0\r\n\r\n");
            Http1Connection.Response response = connection.read(false);

            assertThat(trace(response.text())).containsEntry("http", "http/1.0").containsEntry("h", "");
            assertThat(connection.closedByServer()).isTrue();
        }
    }

    @Test
    void sourceAddressIsTheTcpPeer() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort(), "127.3.4.5")) {
            Map<String, String> fields = trace(connection.get("/cdn-cgi/trace").text());

            assertThat(fields).containsEntry("ip", "127.3.4.5").containsEntry("loc", "DE");
        }
        assertThat(server.stats().snapshot().perIp()).containsEntry("127.3.4.5", new StatsSnapshot.Ip(1, 1));
    }

    @Test
    void absoluteFormRequestTargetIsRouted() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get("http://example.test/status/201?x=1");

            assertThat(response.status()).isEqualTo(201);
        }
    }

    @ParameterizedTest
    @EnumSource(value = SslProvider.class, names = {"JDK", "OPENSSL"})
    void httpsServesH2AndHttp11WithEitherTlsProvider(SslProvider provider) throws Exception {
        assumeTrue(provider != SslProvider.OPENSSL || OpenSsl.isAvailable(), "OpenSSL unavailable");
        try (TargetServer tls = TargetServer.start(CONFIG, Transport.current(), boss, workers,
                ServerTls.context(identity, provider, "h2", "http/1.1"), LOCATE)) {
            HttpClient h2 = client(HttpClient.Version.HTTP_2);
            String url = "https://localhost:" + tls.httpsPort() + "/cdn-cgi/trace";
            HttpResponse<String> first = send(h2, url);
            HttpResponse<String> second = send(h2, url);

            assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_2);
            Map<String, String> fields = trace(first.body());
            assertThat(fields.keySet()).containsExactlyElementsOf(TRACE_KEYS);
            assertThat(fields).containsEntry("http", "http/2")
                    .containsEntry("visit_scheme", "https")
                    .containsEntry("tls", "TLSv1.3")
                    .containsEntry("sni", "plaintext")
                    .containsEntry("h", "localhost:" + tls.httpsPort())
                    .containsEntry("ip", "127.0.0.1")
                    .containsEntry("uag", "proxybench-test")
                    .containsEntry("req", "1");
            assertThat(trace(second.body())).containsEntry("conn", fields.get("conn")).containsEntry("req", "2");
            assertThat(fields.get("ja4")).as("SNI sent, ALPN h2 first").matches("t13d\\d{4}h2_[0-9a-f]{12}_[0-9a-f]{12}");
            assertThat(first.headers().firstValue("server")).hasValue("proxybench-lab");

            HttpResponse<String> http11 =
                    send(client(HttpClient.Version.HTTP_1_1), "https://127.0.0.1:" + tls.httpsPort() + "/cdn-cgi/trace");
            assertThat(http11.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
            assertThat(trace(http11.body())).containsEntry("http", "http/1.1")
                    .containsEntry("tls", "TLSv1.3")
                    .containsEntry("sni", "off")
                    .containsEntry("req", "1");
        }
    }

    @Test
    void defaultTlsEngineServesH2() throws Exception {
        HttpResponse<String> response =
                send(client(HttpClient.Version.HTTP_2), "https://localhost:" + server.httpsPort() + "/cdn-cgi/trace");

        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(trace(response.body())).containsEntry("http", "http/2").containsEntry("tls", "TLSv1.3");
    }

    @Test
    void bytesSendsExactlyNPatternedBytes() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get("/bytes/100000");

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("content-type")).isEqualTo("application/octet-stream");
            assertThat(response.header("content-length")).isEqualTo("100000");
            assertThat(response.body()).hasSize(100000);
            for (int k = 0; k < response.body().length; k++) {
                assertThat(response.body()[k]).as("byte %d", k).isEqualTo((byte) k);
            }
            assertThat(connection.get("/bytes/0").body()).isEmpty();

            Http1Connection.Response head = connection.request("HEAD", "/bytes/1000");
            assertThat(head.header("content-length")).isEqualTo("1000");
            assertThat(connection.get("/status/200").text()).isEqualTo("200 OK\n");
        }
    }

    @Test
    void truncateAnnouncesNBytesSendsHalfAndCloses() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            connection.write(connection.requestText("GET", "/truncate/100001"));

            assertThatThrownBy(() -> connection.read(false)).isInstanceOf(IOException.class)
                    .hasMessage("body ended after 50000 of 100001 bytes");
            assertThat(connection.closedByServer()).isTrue();
        }
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            assertThat(connection.request("HEAD", "/truncate/1000").header("content-length")).isEqualTo("1000");
        }
    }

    @Test
    void truncateOverH2ResetsTheStreamMidBody() {
        assertThatThrownBy(() -> client(HttpClient.Version.HTTP_2).send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + server.httpsPort() + "/truncate/100000"))
                        .timeout(java.time.Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofByteArray())).isInstanceOf(IOException.class)
                .isNotInstanceOf(java.net.http.HttpTimeoutException.class);
    }

    @Test
    void bytesStreamOverH2() throws Exception {
        HttpResponse<byte[]> response = client(HttpClient.Version.HTTP_2).send(
                HttpRequest.newBuilder(URI.create("https://localhost:" + server.httpsPort() + "/bytes/5000000"))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(response.body()).hasSize(5_000_000);
        assertThat(response.body()[4_999_999]).isEqualTo((byte) 4_999_999);
    }

    @Test
    void statusAnswersWithTheCode() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response teapot = connection.get("/status/418");
            Http1Connection.Response noContent = connection.get("/status/204");
            Http1Connection.Response unavailable = connection.get("/status/503");

            assertThat(teapot.status()).isEqualTo(418);
            assertThat(teapot.text()).startsWith("418 ").endsWith("\n");
            assertThat(noContent.status()).isEqualTo(204);
            assertThat(noContent.body()).isEmpty();
            assertThat(unavailable.text()).isEqualTo("503 Service Unavailable\n");
        }
    }

    @Test
    void delayWaitsAndKeepsPipelinedResponsesInOrder() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            long start = System.nanoTime();
            Http1Connection.Response delayed = connection.get("/delay/200");
            long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertThat(delayed.text()).isEqualTo("delayed 200 ms\n");
            assertThat(elapsedMs).isGreaterThanOrEqualTo(200);

            connection.write(connection.requestText("GET", "/delay/100")
                    + connection.requestText("GET", "/cdn-cgi/trace"));
            assertThat(connection.read(false).text()).isEqualTo("delayed 100 ms\n");
            assertThat(trace(connection.read(false).text())).containsEntry("req", "3");
        }
    }

    @Test
    void challengeIsA403WithTheMitigationHeader() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get("/challenge");

            assertThat(response.status()).isEqualTo(403);
            assertThat(response.header("cf-mitigated")).isEqualTo("challenge");
            assertThat(response.header("content-type")).startsWith("text/html");
            assertThat(response.text()).contains("Just a moment...");
            assertThat(response.body().length).isLessThan(1024);
        }
    }

    @Test
    void limitedAnswers429AfterTheBurst() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort(), "127.9.9.9")) {
            for (int i = 0; i < CONFIG.limitedBurst(); i++) {
                assertThat(connection.get("/limited").status()).as("request %d", i).isEqualTo(200);
            }
            Http1Connection.Response limited = connection.get("/limited");

            assertThat(limited.status()).isEqualTo(429);
            assertThat(limited.header("retry-after")).isEqualTo("10");
        }
        try (Http1Connection other = Http1Connection.open(server.httpPort(), "127.9.9.10")) {
            assertThat(other.get("/limited").text()).isEqualTo("ok\n");
        }
    }

    @Test
    void statsCountsAndDeleteResets() throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (Http1Connection control = Http1Connection.open(server.httpPort())) {
            assertThat(control.request("DELETE", "/stats").status()).isEqualTo(200);
            try (Http1Connection exit = Http1Connection.open(server.httpPort(), "127.5.5.5")) {
                exit.get("/cdn-cgi/trace");
                exit.get("/nothing-here", "Proxy-Authorization: Basic dTpw");
            }

            Http1Connection.Response stats = control.get("/stats");
            assertThat(stats.header("content-type")).isEqualTo("application/json");
            JsonNode counted = json.readTree(stats.body());
            assertThat(counted.get("requests_total").asLong()).isEqualTo(3);
            assertThat(counted.get("connections_total").asLong()).isEqualTo(1);
            assertThat(counted.get("proxy_credentials_seen").asLong()).as("requests with proxy credentials")
                    .isEqualTo(1);
            assertThat(counted.at("/per_ip/127.5.5.5/requests").asLong()).isEqualTo(2);
            assertThat(counted.at("/per_ip/127.5.5.5/connections").asLong()).isEqualTo(1);
            assertThat(counted.at("/per_ip/127.0.0.1/requests").asLong()).isEqualTo(1);

            JsonNode deleted = json.readTree(control.request("DELETE", "/stats").body());
            assertThat(deleted.get("requests_total").asLong()).isEqualTo(4);
            assertThat(deleted.at("/per_ip/127.5.5.5/requests").asLong()).isEqualTo(2);

            JsonNode after = json.readTree(control.get("/stats").body());
            assertThat(after.get("requests_total").asLong()).isEqualTo(1);
            assertThat(after.get("connections_total").asLong()).isZero();
            assertThat(after.get("proxy_credentials_seen").asLong()).isZero();
            assertThat(after.get("per_ip").has("127.5.5.5")).isFalse();
        }
    }

    @Test
    void unknownPathIs404ListingTheEndpoints() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get("/nope");

            assertThat(response.status()).isEqualTo(404);
            assertThat(response.text()).contains("/cdn-cgi/trace", "/bytes/N", "/page/N", "/login", "/truncate/N",
                    "/status/CODE", "/delay/MS", "/challenge", "/limited", "/stats");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/bytes/abc", "/bytes/-1", "/bytes/1073741825", "/truncate/1", "/truncate/x", "/status/199", "/status/600",
            "/status/x", "/delay/60001", "/delay/-5", "/delay/", "/page/1048577", "/page/x"})
    void badArgumentsAre400NamingTheRange(String target) throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response response = connection.get(target);

            assertThat(response.status()).isEqualTo(400);
            assertThat(response.text()).matches("(?s)/\\w+/\\w+ needs an integer \\w+ from \\d+ to \\d+\n");
        }
    }

    @Test
    void otherMethodsAre405() throws IOException {
        try (Http1Connection connection = Http1Connection.open(server.httpPort())) {
            Http1Connection.Response post = connection.request("POST", "/cdn-cgi/trace", "Content-Length: 0");
            Http1Connection.Response delete = connection.request("DELETE", "/bytes/1");

            assertThat(post.status()).isEqualTo(405);
            assertThat(post.header("allow")).isEqualTo("GET, HEAD");
            assertThat(delete.status()).isEqualTo(405);
        }
    }

    @Test
    void closeEndsListenersAndOpenConnections() throws Exception {
        TargetServer own = TargetServer.start(CONFIG, Transport.current(), boss, workers, identity, LOCATE);
        try (Http1Connection connection = Http1Connection.open(own.httpPort())) {
            assertThat(connection.get("/status/200").status()).isEqualTo(200);

            own.close();

            assertThat(connection.closedByServer()).isTrue();
            assertThatThrownBy(() -> Http1Connection.open(own.httpPort())).isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void bindFailureIsReported() throws Exception {
        TargetConfig clash = new TargetConfig("127.0.0.1", 0, server.httpsPort(), 4, 2.0);

        assertThatThrownBy(() -> TargetServer.start(clash, Transport.current(), boss, workers, identity, LOCATE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:" + server.httpsPort());
    }
}
