package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench fetch} through the embedded lab (a gateway with an account, so that credentials can be checked
 * for in every output): the body, the exit the target reports, the phases, sticky sessions, request shaping, and each
 * failure with its curl exit code, its one line, and nothing left behind.
 */
class FetchCommandTest {

    private static final String PASS = "s3cretPW";

    @TempDir
    static Path home;

    private static Lab lab;
    private static String gateway;
    private static String ca;

    @TempDir
    Path dir;

    @BeforeAll
    static void startLab() throws InterruptedException {
        lab = Lab.start(LabConfig.builder().home(home).auth("acct", PASS).build());
        gateway = "http://acct:" + PASS + "@127.0.0.1:" + lab.gatewayPort();
        ca = lab.caFile().toString();
    }

    @AfterAll
    static void stopLab() {
        lab.close();
    }

    private static String https(String path) {
        return "https://127.0.0.1:" + lab.targetHttpsPort() + path;
    }

    private static String http(String path) {
        return "http://127.0.0.1:" + lab.targetHttpPort() + path;
    }

    private static void noCredentials(FetchRun r) {
        assertThat(r.out() + r.err()).as("nothing printed shows the proxy password").doesNotContain(PASS);
    }

    @Test
    void aTraceThroughTheLabWritesTheBodyAndJsonTellsTheExitThePhasesAndTheBytes() throws IOException {
        Path file = dir.resolve("trace.txt");
        FetchRun r = FetchRun.of("--proxy", gateway, "--ca", ca, "-o", file.toString(), "--json",
                https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.body()).as("the body went to the file, not stdout").isEmpty();
        String body = Files.readString(file);
        String ip = body.lines().filter(l -> l.startsWith("ip=")).findFirst().orElseThrow().substring(3);
        JsonNode json = r.json();
        assertThat(json.path("status").asInt()).isEqualTo(200);
        assertThat(json.path("ip").asText()).as("the exit the trace reports").isEqualTo(ip);
        assertThat(json.path("loc").asText()).isNotEmpty();
        assertThat(json.path("remote_port").asInt()).as("connected to the gateway").isEqualTo(lab.gatewayPort());
        assertThat(json.path("reused").asBoolean(true)).isFalse();
        for (String phase : List.of("tcp", "connect", "tls", "ttfb", "request", "time_total")) {
            assertThat(json.has(phase)).as("phase %s in %s", phase, json).isTrue();
        }
        assertThat(json.has("socks")).as("a phase the fetch did not go through is left out").isFalse();
        assertThat(json.path("body_len").asLong()).isEqualTo(Files.size(file));
        assertThat(json.path("bytes_in").asLong()).as("wire bytes hold the TLS records and the handshakes")
                .isGreaterThan(json.path("body_len").asLong());
        assertThat(json.path("filename_effective").asText()).isEqualTo(file.toString());
        assertThat(json.path("exitcode").asInt()).isZero();
        noCredentials(r);
    }

    @Test
    void theBodyGoesToStdoutAndWriteOutPrintsAfterItWithCurlsVariables() {
        FetchRun r = FetchRun.of("--proxy", gateway, "-w", "%{http_code} %{size_download} %{num_redirects}"
                + " %header{content-type}\\n", http("/bytes/1000"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.body()).hasSize(1000);
        assertThat(r.out()).isEqualTo("200 1000 0 application/octet-stream\n");
    }

    @Test
    void theSameSessionKeyKeepsItsExitAcrossFetches() {
        String[] args = {"--proxy", gateway, "--ca", ca, "--provider", "lab", "--session", "k1", "-o",
            dir.resolve("t").toString(), "--json", https("/cdn-cgi/trace")};
        FetchRun first = FetchRun.of(args);
        FetchRun second = FetchRun.of(args);
        assertThat(first.exitCode()).as(first.describe()).isZero();
        assertThat(second.json().path("ip").asText()).isEqualTo(first.json().path("ip").asText());
        assertThat(second.json().path("session").asText()).isEqualTo(first.json().path("session").asText())
                .isNotEmpty();
        noCredentials(first);
    }

    @Test
    void methodHeadersAndBodyReachTheTargetAsGiven() {
        FetchRun r = FetchRun.of("--proxy", gateway, "--ca", ca, "-X", "PUT", "-H", "X-Test: yes", "-d", "a=1",
                https("/anything/x"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        assertThat(r.text()).contains("\"method\":\"PUT\"").containsIgnoringCase("\"X-Test\",\"yes\"")
                .contains("\"body_bytes\":3");
    }

    @Test
    void failWithAnErrorStatusExits22AndWritesNoBody() throws IOException {
        Path file = dir.resolve("404.html");
        FetchRun r = FetchRun.of("--proxy", gateway, "-f", "-o", file.toString(), http("/status/404"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(22);
        assertThat(r.err()).contains("fetch: the server answered 404 (-f/--fail");
        assertNothingLeft(file);
        FetchRun plain = FetchRun.of("--proxy", gateway, "-w", "%{http_code}", http("/status/404"));
        assertThat(plain.exitCode()).as("without -f a 404 is an answer, as curl's").isZero();
        assertThat(plain.out()).isEqualTo("404");
    }

    @Test
    void aBodyCutShortExits18AndLeavesNoFile() throws IOException {
        Path file = dir.resolve("cut.bin");
        FetchRun r = FetchRun.of("--proxy", gateway, "-o", file.toString(), http("/truncate/200000"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(18);
        assertThat(r.err()).contains("fetch: the body was cut short: ").contains("request_TruncatedResponseException");
        assertNothingLeft(file);
    }

    @Test
    void aBodyOverMaxFilesizeExits63AndKeepsNothing() throws IOException {
        Path file = dir.resolve("big.bin");
        Files.writeString(file, "an older file");
        FetchRun r = FetchRun.of("--proxy", gateway, "--max-filesize", "1K", "-o", file.toString(),
                http("/bytes/100000"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(63);
        assertThat(r.err()).contains("over --max-filesize 1024").contains("raise --max-filesize");
        assertThat(Files.readString(file)).as("a failed fetch leaves the file there as it was")
                .isEqualTo("an older file");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aTargetThatDoesNotAnswerInTimeExits28NamingTheTimeout() throws IOException {
        FetchRun r = FetchRun.of("--proxy", gateway, "--timeout", "head=300ms", "-o",
                dir.resolve("slow").toString(), http("/delay/3000"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(28);
        assertThat(r.err()).contains("no response in time; give more with --timeout head=DURATION")
                .contains("request_HeadTimeout");
        assertNothingLeft(dir.resolve("slow"));
    }

    @Test
    void wrongCredentialsExit56WithTheProxysWordsAndNoPassword() {
        FetchRun r = FetchRun.of("--proxy", "http://acct:wrong" + PASS + "@127.0.0.1:" + lab.gatewayPort(), "--ca",
                ca, https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(56);
        assertThat(r.err()).contains("refused the credentials (connect_407").contains("given in --proxy");
        assertThat(r.err()).doesNotContain("wrong" + PASS);
    }

    @Test
    void socksWithWrongCredentialsExits97() {
        FetchRun r = FetchRun.of("--proxy", "socks5h://acct:nope@127.0.0.1:" + lab.gatewayPort(), "--ca", ca,
                https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(97);
        assertThat(r.err()).contains("socks_AuthFailed").doesNotContain("nope");
    }

    @Test
    void nothingListeningExits7NamingTheProxy() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        FetchRun r = FetchRun.of("--proxy", "http://u:" + PASS + "@127.0.0.1:" + port, "-w", "%{http_code}",
                http("/"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(7);
        assertThat(r.err()).contains("nothing accepted a connection at http://127.0.0.1:" + port);
        assertThat(r.out()).as("-w prints after a failure too, as curl's").isEqualTo("000");
        noCredentials(r);
    }

    @Test
    void anUntrustedCertificateExits60NamingTheFix() {
        FetchRun r = FetchRun.of("--proxy", gateway, https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(60);
        assertThat(r.err()).contains("tls_UntrustedCertificate").contains("--ca FILE, or -k/--insecure");
    }

    @Test
    void aPinThatMatchesNoKeyOfTheChainExits90NamingTheHostAndThePins() {
        String pin = "sha256//" + "A".repeat(43) + "=";
        FetchRun r = FetchRun.of("--proxy", gateway, "--ca", ca, "--pinnedpubkey", pin, https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isEqualTo(90);
        assertThat(r.err()).contains("tls_PinMismatch").contains("127.0.0.1").contains(pin)
                .contains("check --pinnedpubkey");
        assertThat(r.body()).as("nothing written").isEmpty();
    }

    private void assertNothingLeft(Path file) throws IOException {
        assertThat(file).doesNotExist();
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no part file left")
                    .noneMatch(name -> name.endsWith(".part"));
        }
    }

    @Test
    void rawWritesTheGzipBytesAsReceived() throws Exception {
        FetchRun decoded = FetchRun.of("--proxy", gateway, "--ca", ca, https("/page/5000"));
        FetchRun raw = FetchRun.of("--proxy", gateway, "--ca", ca, "--raw", "-H", "Accept-Encoding: gzip",
                https("/page/5000"));
        assertThat(raw.exitCode()).as(raw.describe()).isZero();
        assertThat(decoded.body()).hasSize(5000);
        assertThat(raw.body()).startsWith((byte) 0x1f, (byte) 0x8b).hasSizeLessThan(5000);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(raw.body()))) {
            assertThat(in.readAllBytes()).isEqualTo(decoded.body());
        }
    }

    @Test
    void aDataFileIsSentAsTheRequestBody() throws Exception {
        byte[] bytes = new byte[100_000];
        new Random(7).nextBytes(bytes);
        Path file = Files.write(dir.resolve("upload.bin"), bytes);
        FetchRun r = FetchRun.of("--proxy", gateway, "--ca", ca, "--data-file", file.toString(), "-o",
                dir.resolve("seen.json").toString(), "--json", https("/anything/up"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        JsonNode seen = new ObjectMapper().readTree(dir.resolve("seen.json").toFile());
        assertThat(seen.path("method").asText()).isEqualTo("POST");
        assertThat(seen.path("body_bytes").asLong()).isEqualTo(bytes.length);
        assertThat(seen.path("body_sha256").asText())
                .isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
        assertThat(r.json().path("size_upload").asLong()).isEqualTo(bytes.length);
    }

    @Test
    void jsonHasEverySetupPhaseThroughAnHttpsProxy() {
        FetchRun r = FetchRun.of("--proxy", "https://acct:" + PASS + "@localhost:" + lab.gatewayTlsPort(), "--ca", ca,
                "-o", dir.resolve("t").toString(), "--json", https("/cdn-cgi/trace"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        JsonNode json = r.json();
        for (String phase : List.of("dns", "tcp", "proxy_tls", "connect", "tls", "ttfb", "request")) {
            assertThat(json.path(phase).isNumber()).as("phase %s in %s", phase, json).isTrue();
            assertThat(json.path(phase).asDouble()).as(phase).isBetween(0.0, json.path("time_total").asDouble());
        }
        assertThat(json.path("handshake_bytes").asLong()).isPositive().isLessThan(json.path("bytes_in").asLong()
                + json.path("bytes_out").asLong());
        noCredentials(r);
    }

    @Test
    void jsonCountsTheRedirectAndTheDecodedBytesWritten() throws IOException {
        Path file = dir.resolve("page.html");
        FetchRun r = FetchRun.of("--proxy", gateway, "--ca", ca, "-L", "-o", file.toString(), "--json",
                https("/login?to=/page/5000"));
        assertThat(r.exitCode()).as(r.describe()).isZero();
        JsonNode json = r.json();
        assertThat(json.path("num_redirects").asInt()).isEqualTo(1);
        JsonNode hop = json.path("redirects").get(0);
        assertThat(json.path("redirects")).hasSize(1);
        assertThat(hop.path("status").asInt()).isEqualTo(302);
        assertThat(hop.path("to").asText()).endsWith("/page/5000");
        assertThat(json.path("url_effective").asText()).endsWith("/page/5000");
        assertThat(json.path("content_encoding").asText()).isEqualTo("gzip");
        assertThat(json.path("decoded_len").asLong()).isEqualTo(Files.size(file)).isEqualTo(5000);
        assertThat(json.path("size_written").asLong()).isEqualTo(5000);
        assertThat(json.path("body_len").asLong()).as("the gzip'd bytes").isPositive().isLessThan(5000);
    }
}
