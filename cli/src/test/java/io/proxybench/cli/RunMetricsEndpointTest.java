package io.proxybench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.JsonlReader;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
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
 * {@code run --metrics-port}: the endpoint serves Prometheus text during the run, and once it says the run finished
 * its counters are what the records file holds.
 */
class RunMetricsEndpointTest {

    /** How long the test polls the endpoint for the finished run before it fails. */
    private static final Duration POLL_LIMIT = Duration.ofSeconds(60);
    private static final Pattern PRINTED = Pattern.compile("metrics: http://127\\.0\\.0\\.1:(\\d+)/metrics");

    @TempDir
    static Path home;

    static Lab lab;

    @BeforeAll
    static void start() throws Exception {
        lab = Lab.start(LabConfig.builder().home(home).auth("u", "p").build());
    }

    @AfterAll
    static void stop() {
        lab.close();
    }

    /** The port {@code run} printed on {@code err} (it binds port 0), or -1 before it has. */
    private static int printedPort(StringWriter err) {
        Matcher m = PRINTED.matcher(err.toString());
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static String scrape(HttpClient http, int port) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/metrics")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? r.body() : null;
        } catch (IOException e) {
            return null; // not listening yet
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Test
    void theEndpointParsesAsPrometheusTextAndItsFinalCountersAreTheRecords() throws Exception {
        Path out = home.resolve("metrics.jsonl");
        // Requests rotate over two accounts the gateway takes and one it refuses: answers and 407s. The shard fires
        // the even global request numbers, which still meet each of three proxies in turn.
        Path proxies = home.resolve("proxies.txt");
        String good = "http://u:p@127.0.0.1:" + lab.gatewayPort() + "\n";
        java.nio.file.Files.writeString(proxies, good + good + "http://u:wrong@127.0.0.1:" + lab.gatewayPort() + "\n");
        StringWriter err = new StringWriter(); // a StringBuffer inside: safe to read while the run writes
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter(), true));
        cli.setErr(new PrintWriter(err, true));
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> cli.execute("run",
                "--url", "https://127.0.0.1:" + lab.targetHttpsPort() + "/cdn-cgi/trace",
                "--proxy-file", proxies.toString(), "--ca", lab.caFile().toString(),
                "--rate", "50", "--duration", "3s", "--keep-alive", "1s", "--out", out.toString(), "--no-progress",
                "--metrics-port", "0", "--metrics-linger", "3s", "--segment", "0:1/2"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        PrometheusText during = null;
        PrometheusText last = null;
        long deadline = System.nanoTime() + POLL_LIMIT.toNanos();
        int port = -1;
        while (System.nanoTime() < deadline && !run.isDone()) {
            port = port > 0 ? port : printedPort(err);
            String text = port > 0 ? scrape(http, port) : null;
            if (text != null) {
                last = PrometheusText.parse(text);
                if (last.value("proxybench_run_finished") == 1) {
                    break;
                }
                during = during == null && last.value("proxybench_requests_scheduled_total") > 0 ? last : during;
            }
            Thread.sleep(100);
        }
        assertThat(run.get(POLL_LIMIT.toSeconds(), TimeUnit.SECONDS)).as(err.toString()).isZero();
        assertThat(port).as(err.toString()).isPositive();
        assertThat(during).as("a scrape while the run was going").isNotNull();
        assertThat(last).as("a scrape after the run finished, within the linger").isNotNull();
        assertThat(last.value("proxybench_run_finished")).isEqualTo(1);

        List<RequestRecord> records = JsonlReader.read(out);
        assertThat(records).hasSize(75);
        assertThat(last.value("proxybench_requests_scheduled_total")).isEqualTo(records.size());
        assertThat(last.value("proxybench_requests_sent_total")).isEqualTo(records.size());
        for (Outcome o : Outcome.values()) {
            assertThat(last.value("proxybench_records_total", "outcome", o.jsonName())).as(o.jsonName())
                    .isEqualTo(records.stream().filter(r -> r.outcome() == o).count());
        }
        long refused = records.stream().filter(r -> "connect_407".equals(r.error())).count();
        assertThat(refused).as("the refused account's share").isEqualTo(25);
        assertThat(last.value("proxybench_errors_total", "phase", "connect")).isEqualTo(refused);
        assertThat(last.value("proxybench_errors_total", "phase", "tls")).isZero();
        assertThat(last.value("proxybench_tunnel_requests_total", "tunnel", "created"))
                .isEqualTo(records.stream().filter(r -> Boolean.FALSE.equals(r.reused())).count());
        assertThat(last.value("proxybench_tunnel_requests_total", "tunnel", "reused"))
                .isEqualTo(records.stream().filter(r -> Boolean.TRUE.equals(r.reused())).count()).isPositive();
        assertThat(last.value("proxybench_wire_bytes_total", "direction", "in"))
                .isEqualTo(records.stream().map(RequestRecord::bytesIn).filter(Objects::nonNull)
                        .mapToLong(Long::longValue).sum());
        assertThat(last.value("proxybench_exits"))
                .isEqualTo(records.stream().map(RequestRecord::ip).filter(Objects::nonNull).distinct().count());
        assertThat(last.value("proxybench_requests_in_flight")).isZero();
        assertThat(last.type("proxybench_run_info")).isNotNull();
        assertThat(last.samples("proxybench_run_info").get(0).labels())
                .containsEntry("segment", "0:1/2 of 0,1/2,1");

        List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
        for (Phase phase : List.of(Phase.TCP, Phase.TLS, Phase.TOTAL)) {
            List<Double> seconds = ok.stream().map(phase::seconds).filter(Objects::nonNull).toList();
            String p = phase.jsonName();
            assertThat(last.value("proxybench_phase_seconds_count", "phase", p)).as(p).isEqualTo(seconds.size());
            assertThat(last.value("proxybench_phase_seconds_sum", "phase", p)).as(p)
                    .isCloseTo(seconds.stream().mapToDouble(Double::doubleValue).sum(), within(1e-6));
            assertThat(last.value("proxybench_phase_seconds_bucket", "phase", p, "le", "+Inf")).as(p)
                    .isEqualTo(seconds.size());
            assertThat(last.value("proxybench_phase_seconds_bucket", "phase", p, "le", "0.1")).as(p)
                    .isEqualTo(seconds.stream().filter(s -> s <= 0.1).count());
        }
    }
}
