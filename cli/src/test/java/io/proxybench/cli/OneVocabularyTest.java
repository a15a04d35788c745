package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.analysis.FigureNames;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.faults.FaultPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every JSON output of one run — {@code run --json}, {@code analyze --json}, {@code compare --json}, {@code doctor
 * --json} and the run's {@code /metrics} — gives each figure under its one name ({@link FigureNames}) with one value,
 * and no output uses a name an earlier version wrote. The run has what makes figures differ when defined twice:
 * failures (the lab refuses a fifth of its tunnels), blocks (a third of the requests get 503), retries, and new and
 * reused connections. Bounded: 60 req/s for 4 s.
 */
class OneVocabularyTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PRINTED = Pattern.compile("metrics: http://127\\.0\\.0\\.1:(\\d+)/metrics");
    private static final Duration POLL_LIMIT = Duration.ofSeconds(60);

    /** The figures both run and analyze must give. */
    private static final List<String> IN_RUN_AND_ANALYZE = List.of(FigureNames.RECORDS, FigureNames.OK,
            FigureNames.SUCCESS_RATE, FigureNames.HANDSHAKES_PER_1K, FigureNames.REUSE_RATE,
            FigureNames.CONNECTIONS_OPENED, FigureNames.BYTES_PER_SUCCESS, FigureNames.UNIQUE_EXITS,
            FigureNames.RETRIED, FigureNames.STEADY_RPS);

    /** Objects more than one output gives: wherever they appear, they are equal. */
    private static final List<String> SHARED_OBJECTS = List.of("phases_ms", "outcomes", "first_tries", "errors",
            "failures_by_phase", "new_connection_total_ms", "reused_connection_total_ms", "steady", "reasons");

    /** Keys under which a figure's value is a part's: verdicts, compare's rows, windows and exits. */
    private static final List<String> PARTS = List.of("thresholds", "rows", "block_windows", "block_exits");

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).faults(new FaultPlan(0.2, 0, 0, 7)).build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    @Test
    void everyOutputOfOneRunGivesEachFigureUnderOneNameWithOneValue() throws Exception {
        Path records = home.resolve("run.jsonl");
        Path summaryFile = home.resolve("summary.json");
        String target = "https://127.0.0.1:" + lab.targetHttpsPort();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        // Sticky sessions whose connections idle out now and then (new and reused), and a retry after a refusal.
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> cli.execute("run",
                "--url", target + "/cdn-cgi/trace", "--url", target + "/cdn-cgi/trace", "--url", target + "/status/503",
                "--proxy", "http://u:p@127.0.0.1:" + lab.gatewayPort(), "--ca", lab.caFile().toString(),
                "--session-template", "{pass}_session-{id}", "--sessions", "8", "--keep-alive", "100ms",
                "--retries", "1", "--rate", "60", "--duration", "4s", "--no-progress", "--json", "--out",
                records.toString(), "--metrics-port", "0",
                "--metrics-linger", "5s"));
        PrometheusText metrics = finalMetrics(err, running);
        assertThat(running.get(POLL_LIMIT.toSeconds(), TimeUnit.SECONDS)).as(err.toString()).isZero();
        Files.writeString(summaryFile, out.toString());

        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        outputs.put("run", JSON.readTree(out.toString()));
        outputs.put("analyze", json("analyze", records.toString(), "--json"));
        outputs.put("compare", json("compare", records.toString(), "--json").path("runs").get(0));
        outputs.put("doctor", json("doctor", records.toString(), "--summary", summaryFile.toString(), "--json"));

        JsonNode run = outputs.get("run");
        assertThat(run.path("outcomes").path("proxy_failure").asLong()).as("failures").isPositive();
        assertThat(run.path("outcomes").path("hard_block").asLong()).as("blocks").isPositive();
        assertThat(run.path("first_tries").path(FigureNames.RETRIED).asLong()).as("retries").isPositive();
        assertThat(run.path(FigureNames.REUSE_RATE).asDouble()).as("new and reused").isBetween(0.01, 0.99);
        assertThat(run.path("warm_up_connections").asLong()).as("the warm-up's, apart").isPositive();

        for (String name : FigureNames.ALL) {
            Map<String, List<JsonNode>> found = new LinkedHashMap<>();
            outputs.forEach((output, json) -> found.put(output, occurrences(json, name)));
            List<BigDecimal> values = new ArrayList<>();
            found.forEach((output, nodes) -> nodes.forEach(n -> values.add(number(n, output + "'s " + name))));
            assertThat(values.stream().distinct().count()).as("%s has one value: %s", name, found)
                    .isLessThanOrEqualTo(1);
            if (IN_RUN_AND_ANALYZE.contains(name)) {
                assertThat(found.get("run")).as("%s in run", name).isNotEmpty();
                assertThat(found.get("analyze")).as("%s in analyze", name).isNotEmpty();
            }
        }
        for (String name : List.of(FigureNames.HANDSHAKES_PER_1K, FigureNames.CONNECTIONS_OPENED)) {
            assertThat(occurrences(outputs.get("compare"), name)).as("%s in compare", name).isNotEmpty();
            assertThat(occurrences(outputs.get("doctor"), name)).as("%s in doctor", name).isNotEmpty();
        }

        for (String object : SHARED_OBJECTS) {
            List<JsonNode> given = new ArrayList<>();
            outputs.values().forEach(json -> given.addAll(occurrences(json, object)));
            assertThat(given.stream().distinct().count()).as("%s: %s", object, given).isLessThanOrEqualTo(1);
        }

        outputs.forEach((output, json) -> assertThat(keys(json)).as("%s writes no old name", output)
                .doesNotContainAnyElementsOf(FigureNames.OLD_NAMES.keySet()));

        assertThat(sum(metrics, "proxybench_records_total")).isEqualTo(run.path(FigureNames.RECORDS).asDouble());
        for (String name : FigureNames.ALL) {
            List<JsonNode> given = new ArrayList<>(occurrences(run, name));
            given.addAll(occurrences(outputs.get("analyze"), name));
            if (name.equals(FigureNames.RECORDS) || given.isEmpty()) {
                continue;
            }
            double value = given.get(0).asDouble();
            assertThat(served(metrics, name)).as("the metric of %s", name).isCloseTo(value,
                    within(0.0005 + Math.abs(value) * 1e-9));
        }
    }

    /** The figure {@code name} as the endpoint serves it: a gauge, a counter or a time in seconds. */
    private static double served(PrometheusText metrics, String name) {
        String metric = "proxybench_" + name;
        if (!metrics.samples(metric).isEmpty()) {
            return metrics.value(metric);
        }
        if (!metrics.samples(metric + "_total").isEmpty()) {
            return metrics.value(metric + "_total");
        }
        return metrics.value(metric + "_seconds") * 1000;
    }

    /** Scrapes the run's endpoint until it says the run finished; that scrape. */
    private static PrometheusText finalMetrics(StringWriter err, CompletableFuture<Integer> running) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + POLL_LIMIT.toNanos();
        while (System.nanoTime() < deadline && !running.isDone()) {
            Matcher m = PRINTED.matcher(err.toString());
            if (m.find()) {
                try {
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                            + m.group(1) + "/metrics")).timeout(Duration.ofSeconds(5)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    PrometheusText text = r.statusCode() == 200 ? PrometheusText.parse(r.body()) : null;
                    if (text != null && text.value("proxybench_run_finished") == 1) {
                        return text;
                    }
                } catch (IOException notYet) {
                    // Not listening yet: poll again.
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no scrape of the finished run within " + POLL_LIMIT + ": " + err);
    }

    private static JsonNode json(String... args) throws Exception {
        MainTest.Run r = MainTest.run(args);
        assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isZero();
        return JSON.readTree(r.out());
    }

    /**
     * Every value under key {@code name} anywhere in {@code json}, but in threshold verdicts, compare's rows and the
     * breakdowns of a figure by time window or by exit (each part's own value).
     */
    private static List<JsonNode> occurrences(JsonNode json, String name) {
        List<JsonNode> found = new ArrayList<>();
        if (json.isObject()) {
            json.properties().forEach(e -> {
                if (PARTS.contains(e.getKey())) {
                    return;
                }
                if (e.getKey().equals(name)) {
                    found.add(e.getValue());
                }
                found.addAll(occurrences(e.getValue(), name));
            });
        } else if (json.isArray()) {
            json.forEach(item -> found.addAll(occurrences(item, name)));
        }
        return found;
    }

    /** Every key anywhere in {@code json}. */
    private static List<String> keys(JsonNode json) {
        List<String> keys = new ArrayList<>();
        if (json.isObject()) {
            json.properties().forEach(e -> {
                keys.add(e.getKey());
                keys.addAll(keys(e.getValue()));
            });
        } else if (json.isArray()) {
            json.forEach(item -> keys.addAll(keys(item)));
        }
        return keys;
    }

    private static BigDecimal number(JsonNode node, String what) {
        assertThat(node.isNumber()).as("%s is a number: %s", what, node).isTrue();
        return node.decimalValue().stripTrailingZeros();
    }

    private static double sum(PrometheusText metrics, String name) {
        return metrics.samples(name).stream().mapToDouble(PrometheusText.Sample::value).sum();
    }
}
