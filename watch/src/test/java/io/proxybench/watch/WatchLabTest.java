package io.proxybench.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.records.RecordStream;
import io.proxybench.records.history.HistoryDir;
import io.proxybench.watch.config.ConfigFile;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Watch of two labs from Java: both checked, one stopped (the other's checks go on), the metrics and the page's data
 * agree, the history holds every check, and a watch started again on the same history shows what came before.
 * Bounded: about 25 s at 4 checks/s of each kind per provider.
 */
class WatchLabTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

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
                    proxy: http://u@127.0.0.1:%d
                    password_env: LAB_PASS
                    provider: lab
                    target: https://127.0.0.1:%d/cdn-cgi/trace
                    timeout: 10s
                  - name: b
                    proxy: http://127.0.0.1:%d
                    target: https://127.0.0.1:%d/cdn-cgi/trace
                    timeout: 10s
                """.formatted(dir.resolve("history"), a.caFile(), a.gatewayPort(), a.targetHttpsPort(),
                b.gatewayPort(), b.targetHttpsPort()));
        return ConfigFile.read(file, Map.of("LAB_PASS", "p")::get, Map.of());
    }

    @Test
    void twoLabsWatchedOneStoppedAndTheHistoryReadBackOnRestart() throws Exception {
        Lab a = Lab.start(LabConfig.builder().home(dir.resolve("lab-a")).build());
        // One home: the labs share its CA, which the config's ca trusts.
        Lab b = Lab.start(LabConfig.builder().home(dir.resolve("lab-a")).build());
        StringWriter said = new StringWriter();
        long checksBefore;
        try {
            WatchConfig config = config(a, b);
            try (Watch watch = Watch.start(config, "test", new PrintWriter(said, true))) {
                String base = "http://127.0.0.1:" + watch.port();
                waitFor(() -> checks(base, "a") >= 8 && checks(base, "b") >= 8, "both checked 8 times");
                waitFor(() -> value(get(base + "/metrics"), "probe_success", "a") == 1
                        && value(get(base + "/metrics"), "probe_success", "b") == 1, "both answering 200");
                String metrics = get(base + "/metrics");
                assertThat(value(metrics, "probe_http_status_code", "a")).isEqualTo(200);
                assertThat(metrics).contains("probe_http_duration_seconds{phase=\"proxy_connect\",provider=\"a\","
                        + "site=\"local\"}");
                assertThat(metrics).doesNotContain(":p@");
                b.close();
                waitFor(() -> value(get(base + "/metrics"), "probe_success", "b") == 0, "b's checks failing");
                long aBefore = count(base, "a", "ok");
                waitFor(() -> count(base, "a", "ok") >= aBefore + 8, "a's checks answered while b is down");
                waitFor(() -> said.toString().contains("b: down: 5 checks in a row failed"), "b said down");
                // In words, as run and probe say it: nothing listens where b's proxy was.
                assertThat(said.toString()).contains("b: down: 5 checks in a row failed, the last with"
                        + " tcp_ConnectException: nothing accepted a connection at 127.0.0.1:" + b.gatewayPort()
                        + " (connection refused); fix: is a proxy listening at 127.0.0.1:" + b.gatewayPort()
                        + "? Check the host and port in provider b's settings, and that the proxy is running\n");
                checksBefore = checks(base, "a");
            }
            // Every check the page counted is in the history, as a readable records file.
            HistoryDir history = new HistoryDir(dir.resolve("history"));
            assertThat(history.providers()).containsExactly("a", "b");
            long records = 0;
            try (RecordStream in = RecordStream.open(history.day("a", HistoryDir.dayOf(Instant.now()))
                    .resolve(HistoryDir.RECORDS))) {
                while (in.next() != null) {
                    records++;
                }
            }
            assertThat(records).isGreaterThanOrEqualTo(checksBefore);
            // Started again: what came before is on the page.
            try (Watch again = Watch.start(config(a, b), "test", new PrintWriter(new StringWriter(), true))) {
                String base = "http://127.0.0.1:" + again.port();
                assertThat(checks(base, "a")).isGreaterThanOrEqualTo(checksBefore);
            }
        } finally {
            a.close();
            b.close();
        }
    }

    /** Checks of {@code provider} the page's data counts: its minutes and the minute so far. */
    private static long checks(String base, String provider) {
        return count(base, provider, "checks");
    }

    /** {@code field} of {@code provider}'s minutes and minute so far in the page's data, added up. */
    private static long count(String base, String provider, String field) {
        JsonNode series = json(base + "/api/series");
        for (JsonNode p : series.get("providers")) {
            if (p.get("name").asText().equals(provider)) {
                long n = p.get("current").get(field).asLong();
                for (JsonNode m : p.get("minutes")) {
                    n += m.get(field).asLong();
                }
                return n;
            }
        }
        throw new AssertionError("no provider " + provider + " in " + series);
    }

    private static double value(String metrics, String name, String provider) {
        Matcher m = Pattern.compile("(?m)^" + name + "\\{provider=\"" + provider + "\",site=\"local\"} (\\S+)$")
                .matcher(metrics);
        if (!m.find()) {
            return Double.NaN;
        }
        return Double.parseDouble(m.group(1));
    }

    private static JsonNode json(String url) {
        try {
            return JSON.readTree(get(url));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String get(String url) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within 30 s: " + what);
            }
            Thread.sleep(200);
        }
    }
}
