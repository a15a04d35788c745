package io.proxybench.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.client.testing.ExternalPeer;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import io.proxybench.lab.gateway.ConnectReply;
import io.proxybench.watch.config.ConfigFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watch as a real Prometheus server sees it (Debian's {@code prometheus} package): it scrapes a watch of two labs
 * every second and evaluates the shipped rules ({@code deploy/prometheus/watch-rules.yml}); the test breaks one lab
 * (refusing every tunnel, then slow) and raises the other's connect latency, and asks Prometheus through its HTTP
 * API what it saw: {@code probe_success} falls for the broken provider only, the {@code proxy_connect} phase rises
 * with the latency, ProxyProviderDown fires for the broken one. {@code promtool check metrics} finds nothing to say
 * of the exposition. Bounded: about 4 minutes, every wait capped.
 */
class WatchPrometheusTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path RULES = Path.of("..", "deploy", "prometheus", "watch-rules.yml").toAbsolutePath()
            .normalize();

    @TempDir
    Path dir;

    @Test
    void prometheusSeesTheBrokenProviderFallTheConnectPhaseRiseAndTheAlertFire() throws Exception {
        Path prometheus = ExternalPeer.require("prometheus", "prometheus");
        Path promtool = ExternalPeer.require("promtool", "prometheus");
        assertThat(RULES).exists();
        // a answers CONNECT once its exit has dialled, so the exit's setup is paid in the proxy_connect phase.
        Lab a = Lab.start(LabConfig.builder().home(dir.resolve("lab")).connectReply(ConnectReply.AFTER_DIAL).build());
        Lab b = Lab.start(LabConfig.builder().home(dir.resolve("lab")).build());
        try (Watch watch = Watch.start(config(a, b), "test", new PrintWriter(new StringWriter(), true))) {
            String metricsUrl = "http://127.0.0.1:" + watch.port() + "/metrics";
            int port = ExternalPeer.freePort();
            Path folder = ExternalPeer.newFolder("prometheus");
            Files.writeString(folder.resolve("prometheus.yml"), """
                    global:
                      scrape_interval: 1s
                      evaluation_interval: 1s
                    rule_files:
                      - %s
                    scrape_configs:
                      - job_name: proxybench-watch
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                    """.formatted(RULES, watch.port()));
            try (ExternalPeer server = ExternalPeer.start("prometheus", folder, List.of(prometheus.toString(),
                    "--config.file=" + folder.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + folder.resolve("data"),
                    "--web.listen-address=127.0.0.1:" + port), port)) {
                String api = "http://127.0.0.1:" + port + "/api/v1/";
                awaitReady("http://127.0.0.1:" + port + "/-/ready", server);
                // Both answer: probe_success 1 for each, as Prometheus scraped it.
                await(api, "min_over_time(probe_success{provider=\"a\"}[5s])", v -> v == 1, 60);
                await(api, "min_over_time(probe_success{provider=\"b\"}[5s])", v -> v == 1, 60);
                // The lab's connect latency raised: the proxy_connect phase follows (a rotating check pays it).
                double before = query(api, "max_over_time(probe_http_duration_seconds{provider=\"a\","
                        + "phase=\"proxy_connect\"}[10s])");
                assertThat(before).isLessThan(0.25);
                a.latency(new LatencyPlan(Duration.ZERO, Duration.ofMillis(400), Duration.ZERO));
                await(api, "max_over_time(probe_http_duration_seconds{provider=\"a\",phase=\"proxy_connect\"}[5s])",
                        v -> v >= 0.4, 60);
                await(api, "histogram_quantile(0.5, rate(proxybench_watch_phase_seconds_bucket{provider=\"a\","
                        + "phase=\"connect\"}[10s]))", v -> v >= 0.25, 60);
                // b refuses every tunnel: its success falls, a's does not; the shipped alert fires for b only.
                b.faults(new FaultPlan(1, 0, 0, 1));
                await(api, "max_over_time(probe_success{provider=\"b\"}[5s])", v -> v == 0, 60);
                assertThat(query(api, "min_over_time(probe_success{provider=\"a\"}[5s])")).isEqualTo(1);
                awaitFiring(api, "ProxyProviderDown", "b", 180);
                assertThat(firing(api, "ProxyProviderDown", "a")).isFalse();
                // Then slow: answered again, each check slower than the slowness added.
                b.faults(FaultPlan.NONE);
                b.latency(new LatencyPlan(Duration.ZERO, Duration.ofMillis(1500), Duration.ZERO));
                await(api, "min_over_time(probe_success{provider=\"b\"}[3s])", v -> v == 1, 60);
                await(api, "probe_duration_seconds{provider=\"b\"}", v -> v >= 1.5, 60);
                assertThat(query(api, "min_over_time(probe_success{provider=\"a\"}[5s])")).isEqualTo(1);
                // The exposition as promtool reads it: nothing to say.
                String exposition = get(metricsUrl);
                Path file = dir.resolve("metrics.txt");
                Files.writeString(file, exposition);
                Process check = new ProcessBuilder(promtool.toString(), "check", "metrics").redirectInput(file.toFile())
                        .redirectErrorStream(true).start();
                assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
                String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(check.exitValue()).as(said).isZero();
                assertThat(said.strip()).isEmpty();
            }
        } finally {
            a.close();
            b.close();
        }
    }

    private WatchConfig config(Lab a, Lab b) throws Exception {
        Path file = dir.resolve("watch.yaml");
        Files.writeString(file, """
                history: %s
                listen: 127.0.0.1:0
                probe_every: 0
                rate: 4/s
                ca: %s
                providers:
                  - name: a
                    proxy: http://127.0.0.1:%d
                    target: https://127.0.0.1:%d/cdn-cgi/trace
                    timeout: 3s
                  - name: b
                    proxy: http://127.0.0.1:%d
                    target: https://127.0.0.1:%d/cdn-cgi/trace
                    timeout: 3s
                """.formatted(dir.resolve("history"), a.caFile(), a.gatewayPort(), a.targetHttpsPort(),
                b.gatewayPort(), b.targetHttpsPort()));
        return ConfigFile.read(file, Map.<String, String>of()::get, Map.of());
    }

    /** Waits up to {@code seconds} for {@code promql}'s single value to pass {@code test}. */
    private static void await(String api, String promql, DoublePredicate test, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        double last = Double.NaN;
        while (System.nanoTime() < end) {
            last = query(api, promql);
            if (!Double.isNaN(last) && test.test(last)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("Prometheus: " + promql + " was " + last + " after " + seconds + " s");
    }

    /** Prometheus accepts connections before it is ready (it answers 503 until then). */
    private static void awaitReady(String url, ExternalPeer server) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode() != 200) {
            if (System.nanoTime() > end) {
                throw new AssertionError("Prometheus not ready within 60 s: " + server.output());
            }
            Thread.sleep(200);
        }
    }

    /** The value of an instant query with one series, NaN when it has none. */
    private static double query(String api, String promql) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(api + "query?query="
                + URLEncoder.encode(promql, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(promql + ": " + answer.body()).isEqualTo(200);
        JsonNode r = JSON.readTree(answer.body());
        JsonNode result = r.path("data").path("result");
        if (result.size() == 0) {
            return Double.NaN;
        }
        assertThat(result.size()).as(promql + " gave " + result).isEqualTo(1);
        return Double.parseDouble(result.get(0).get("value").get(1).asText());
    }

    private static void awaitFiring(String api, String alert, String provider, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!firing(api, alert, provider)) {
            if (System.nanoTime() > end) {
                throw new AssertionError(alert + " for " + provider + " did not fire within " + seconds + " s: "
                        + get(api + "alerts"));
            }
            Thread.sleep(1000);
        }
    }

    private static boolean firing(String api, String alert, String provider) throws Exception {
        for (JsonNode a : JSON.readTree(get(api + "alerts")).path("data").path("alerts")) {
            if (a.path("labels").path("alertname").asText().equals(alert)
                    && a.path("labels").path("provider").asText().equals(provider)
                    && a.path("state").asText().equals("firing")) {
                return true;
            }
        }
        return false;
    }

    private static String get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
    }
}
