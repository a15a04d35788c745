package io.proxybench.watch.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What watch serves, with and without a token, and its live events. */
class WatchServerTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String TOKEN = "0123456789abcdef0123456789";

    private static PrometheusRegistry registry() {
        PrometheusRegistry registry = new PrometheusRegistry();
        Counter.builder().name("proxybench_watch_test").help("a test counter").register(registry).inc();
        return registry;
    }

    private static HttpResponse<String> get(String url, String authorization) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void withATokenEveryPathAsksForIt() throws Exception {
        try (WatchServer server = new WatchServer("127.0.0.1", 0, registry(), () -> Map.of("site", "x"), TOKEN)) {
            String base = "http://127.0.0.1:" + server.port();
            for (String path : new String[] {"/", "/metrics", "/api/series", "/events"}) {
                HttpResponse<String> refused = get(base + path, null);
                assertThat(refused.statusCode()).as(path).isEqualTo(401);
                assertThat(refused.body()).contains("Authorization: Bearer TOKEN").doesNotContain(TOKEN);
                assertThat(get(base + path, "Bearer wrong-token-0123456789").statusCode()).as(path).isEqualTo(401);
            }
            assertThat(get(base + "/metrics", "Bearer " + TOKEN).body()).contains("proxybench_watch_test_total 1.0");
            assertThat(get(base + "/api/series?token=" + TOKEN, null).body()).isEqualTo("{\"site\":\"x\"}");
            HttpResponse<String> page = get(base + "/?token=" + TOKEN, null);
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        }
    }

    @Test
    void withoutATokenItServesEveryPathAndAnUnknownOneIs404() throws Exception {
        try (WatchServer server = new WatchServer("127.0.0.1", 0, registry(), () -> Map.of("n", 1), null)) {
            String base = "http://127.0.0.1:" + server.port();
            assertThat(get(base + "/metrics", null).body()).contains("proxybench_watch_test_total");
            assertThat(get(base + "/api/series", null).body()).isEqualTo("{\"n\":1}");
            HttpResponse<String> unknown = get(base + "/nope", null);
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(unknown.body()).contains("/metrics");
        }
    }

    @Test
    void eventsPublishedReachAnOpenStream() throws Exception {
        try (WatchServer server = new WatchServer("127.0.0.1", 0, registry(), () -> Map.of(), null)) {
            HttpResponse<InputStream> stream = HTTP.send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + server.port() + "/events")).build(), HttpResponse.BodyHandlers
                    .ofInputStream());
            assertThat(stream.headers().firstValue("Content-Type")).hasValue("text/event-stream; charset=utf-8");
            try (BufferedReader in = new BufferedReader(new InputStreamReader(stream.body(),
                    StandardCharsets.UTF_8))) {
                assertThat(in.readLine()).isEqualTo(": stream open");
                server.publish("minute", Map.of("provider", "a"));
                assertThat(in.readLine()).isEmpty();
                assertThat(in.readLine()).isEqualTo("event: minute");
                assertThat(in.readLine()).isEqualTo("data: {\"provider\":\"a\"}");
            }
        }
    }
}
