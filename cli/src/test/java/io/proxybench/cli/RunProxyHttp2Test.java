package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code proxybench run --proxy-http2} through the lab's {@code https://} gateway port: every tunnel a CONNECT
 * stream, the records naming the few gateway connections they shared, the summary counting them as the lab did; and
 * through an HTTP/1.1-only port, the fallback said in the summary. Runs send no warm-up, so the lab sees exactly the
 * run's requests; each is bounded (200 requests or fewer, 30 s per phase).
 */
class RunProxyHttp2Test {

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @BeforeEach
    void reset() {
        lab.resetGatewayCounters();
        lab.resetTargetStats();
    }

    private static List<String> args(Lab on, Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run",
                "--url", "https://127.0.0.1:" + on.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy", "https://u:p@127.0.0.1:" + on.gatewayTlsPort(),
                "--ca", on.caFile().toString(), "--out", out.toString(), "--no-progress", "--warmup",
                "none"));
        args.addAll(List.of(extra));
        return args;
    }

    private static MainTest.Run run(List<String> args) {
        MainTest.Run r = MainTest.run(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        return r;
    }

    private static JsonNode json(MainTest.Run r) throws Exception {
        return new ObjectMapper().readTree(r.out());
    }

    /** 200 requests at 100 req/s, each on a session of its own: 200 streams, a new exit each. */
    private static final String[] PER_REQUEST = {"--rate", "100", "--duration", "2s", "--session-template",
        SessionTemplate.DEFAULT_TEXT, "--rotation", "per-request"};

    @Test
    void perRequestSessionsBecomeStreamsOnAFewGatewayConnectionsThatTheRecordsName() throws Exception {
        Path out = home.resolve("h2.jsonl");
        List<String> args = args(lab, out, PER_REQUEST);
        args.addAll(List.of("--proxy-http2", "--json"));
        JsonNode summary = json(run(args));
        List<RequestRecord> records = JsonlReader.read(out);
        GatewayCounters.Snapshot g = lab.gatewayCounters();

        assertThat(summary.path("ok").asLong()).as(summary.path("errors").toString()).isEqualTo(200);
        assertThat(g.tunnels(GatewayCounters.Kind.H2_CONNECT)).as("a CONNECT stream per request").isEqualTo(200);
        assertThat(g.tunnels(GatewayCounters.Kind.CONNECT)).isZero();
        assertThat(summary.path("unique_exits").asLong()).as("an exit per stream").isEqualTo(200);

        List<Long> ids = records.stream().map(RequestRecord::gatewayConnectionId).distinct().toList();
        assertThat(ids).as("every record names its gateway connection").doesNotContainNull().doesNotContain(0L);
        assertThat((long) ids.size()).as("few gateway connections carry 200 tunnels").isLessThanOrEqualTo(10)
                .isEqualTo(g.h2ClientConnections());
        assertThat(records).allSatisfy(r -> assertThat(r.connect()).as("each stream's CONNECT").isNotNull());
        assertThat(records.stream().filter(r -> r.proxyTls() != null).count())
                .as("proxy TLS only on the requests that opened a gateway connection").isEqualTo(ids.size());
        assertThat(records.stream().filter(r -> r.tcp() != null).count()).isEqualTo(ids.size());

        JsonNode p = summary.path("proxy_connections");
        assertThat(p.path("gateway_connections").asLong()).as("named by the records").isEqualTo(ids.size());
        assertThat(p.path("gateway_connections_opened").asLong() + p.path("gateway_connections_opened_before")
                .asLong()).as("opened in the run and in its warm-up").isEqualTo(g.h2ClientConnections());
        assertThat(p.path("gateway_connections_peak").asLong()).isBetween(1L, g.h2ClientConnections());
        assertThat(p.path("stream_tunnels").asLong()).isEqualTo(200);
        assertThat(p.path("fallback_tunnels").asLong()).isZero();
        assertThat(summary.path("phases_ms").path("proxy_tls").path("count").asLong()).isEqualTo(ids.size());
        assertThat(summary.path("warnings").toString()).doesNotContain("HTTP/2 asked");

        MainTest.Run analyzed = MainTest.run("analyze", out.toString());
        assertThat(analyzed.exitCode()).as(analyzed.err()).isZero();
        assertThat(analyzed.out().lines()).contains(String.format(java.util.Locale.ROOT,
                "HTTP/2 proxy connections: %d used, 200 tunnels as streams on them (%.1f per connection)",
                ids.size(), 200.0 / ids.size()));
        assertThat(analyzed.out()).contains("(" + ids.size() + " of 200 ok)");
    }

    @Test
    void aLowerStreamCapOpensMoreGatewayConnectionsForTheSameBurst() throws Exception {
        long capped = gatewayConnectionsForABurst("1");
        long uncapped = gatewayConnectionsForABurst(null);
        assertThat(uncapped).as("20 streams fit one connection").isEqualTo(1);
        assertThat(capped).as("one stream per connection at a time").isGreaterThan(uncapped);
    }

    /** Gateway connections opened for one burst of 20 per-request sessions, with {@code maxStreams} if not null. */
    private long gatewayConnectionsForABurst(String maxStreams) throws Exception {
        lab.resetGatewayCounters();
        Path out = home.resolve("burst" + maxStreams + ".jsonl");
        List<String> args = args(lab, out, "--burst", "20", "--every", "1s", "--duration", "1s", "--session-template",
                SessionTemplate.DEFAULT_TEXT, "--rotation", "per-request", "--proxy-http2", "--json");
        if (maxStreams != null) {
            args.addAll(List.of("--proxy-max-streams", maxStreams));
        }
        JsonNode summary = json(run(args));
        assertThat(summary.path("ok").asLong()).as(summary.path("errors").toString()).isEqualTo(20);
        JsonNode p = summary.path("proxy_connections");
        long opened = p.path("gateway_connections_opened").asLong() + p.path("gateway_connections_opened_before")
                .asLong();
        assertThat(opened).isEqualTo(lab.gatewayCounters().h2ClientConnections());
        return opened;
    }

    @Test
    void aProxyThatAnswersHttp11IsUsedThatWayAndTheSummarySaysSo() throws Exception {
        try (Lab http1Only = Lab.start(LabConfig.builder().home(home.resolve("h1")).gatewayH2(false).build())) {
            Path out = home.resolve("fallback.jsonl");
            List<String> args = args(http1Only, out, "--rate", "50", "--duration", "1s", "--session-template",
                    SessionTemplate.DEFAULT_TEXT, "--rotation", "per-request", "--proxy-http2");
            MainTest.Run text = run(args);
            assertThat(text.out()).contains("warning: HTTP/2 asked, proxy answered http/1.1 — every tunnel is its own"
                    + " connection (all 50 tunnels went over HTTP/1.1");
            assertThat(text.out()).contains("HTTP/2 to the proxy: no tunnel rode a gateway connection; 0 opened before"
                    + " the run, 0 during it, at most 0 open at once; 50 tunnels fell back to HTTP/1.1");

            List<RequestRecord> records = JsonlReader.read(out);
            assertThat(records).hasSize(50).allSatisfy(r -> assertThat(r.gatewayConnectionId()).isZero());
            assertThat(http1Only.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT)).isEqualTo(50);
            assertThat(http1Only.gatewayCounters().h2ClientConnections()).isZero();

            MainTest.Run analyzed = MainTest.run("analyze", out.toString());
            assertThat(analyzed.out()).doesNotContain("HTTP/2 proxy connections");
        }
    }

    @Test
    void httpTwoToTheProxyNeedsHttpsProxiesAndTargetsAndSaysWhichOptionIsWrong() throws Exception {
        Path out = home.resolve("bad.jsonl");
        String target = "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace";
        Path file = Files.writeString(home.resolve("proxies.txt"),
                "https://u:p@127.0.0.1:1\nsocks5h://u:hunter2@127.0.0.1:2\n");

        assertError("--proxy-http2 needs https:// proxies", "run", "--url", target, "--proxy",
                "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--proxy-http2", "--rate", "1", "--duration", "1s",
                "--out", out.toString());
        assertError("--proxy-http2 needs an https:// proxy: give --proxy https://", "run", "--url", target,
                "--proxy-http2", "--rate", "1", "--duration", "1s", "--out", out.toString());
        String secretless = assertError("has socks5h://u:", "run", "--url", target, "--proxy-file", file.toString(),
                "--proxy-http2", "--rate", "1", "--duration", "1s", "--out", out.toString());
        assertThat(secretless).doesNotContain("hunter2");
        assertError("https:// targets only; --url http://127.0.0.1:1/", "run", "--url", "http://127.0.0.1:1/",
                "--proxy", "https://u:p@127.0.0.1:1", "--proxy-http2", "--rate", "1", "--duration", "1s",
                "--out", out.toString());
        assertError("--proxy-max-streams 0 must be at least 1", "run", "--url", target, "--proxy",
                "https://u:p@127.0.0.1:1", "--proxy-http2", "--proxy-max-streams", "0", "--rate", "1", "--duration",
                "1s", "--out", out.toString());
        assertError("--proxy-max-streams applies to --proxy-http2; give both", "run", "--url", target, "--proxy",
                "https://u:p@127.0.0.1:1", "--proxy-max-streams", "4", "--rate", "1", "--duration", "1s", "--out",
                out.toString());
        assertThat(out).doesNotExist();
    }

    /** Runs {@code args}, expecting exit 2 with {@code message} in the error; returns the error text. */
    private static String assertError(String message, String... args) {
        MainTest.Run r = MainTest.run(args);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_ARGUMENTS);
        assertThat(r.err()).contains(message);
        assertThat(Objects.requireNonNull(r.err()).lines().count()).as("one line").isEqualTo(1);
        return r.err();
    }
}
