package io.proxybench.it.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.client.ProxyRequest;
import io.proxybench.client.Timeouts;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.proxy.ProxySpec;
import io.proxybench.client.proxy.SessionRouter;
import io.proxybench.client.proxy.SessionTemplate;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.engine.Runner;
import io.proxybench.harness.engine.StopReason;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.schedule.ArrivalSchedule;
import io.proxybench.harness.sinks.JsonlSink;
import io.proxybench.harness.sinks.RecordSink;
import io.proxybench.lab.Lab;
import io.proxybench.lab.LabConfig;
import io.proxybench.lab.gateway.GatewayCounters;
import io.proxybench.records.Phase;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark run from Java, as a JUnit test, a CI gate or a scheduled job runs one: a {@link RunPlan} built in code,
 * a {@link Runner}, and the {@link RunResult}'s objects; no command-line class is on this module's class path. Each
 * run is bounded: 100 req/s for 3 s (or less when stopped), 10 s timeouts.
 */
class RunFromJavaTest {

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

    /** 100 req/s for {@code seconds} through 10 sticky sessions of the lab, to {@code path} on its HTTPS target. */
    private static RunPlan.Builder plan(String path, int seconds) {
        Duration ten = Duration.ofSeconds(10);
        Timeouts timeouts = Timeouts.builder().connect(ten).responseHead(ten).readIdle(ten)
                .build();
        Duration length = Duration.ofSeconds(seconds);
        return RunPlan.builder()
                .schedule(ArrivalSchedule.constant(100, length), length)
                .target(ProxyRequest.get("https://127.0.0.1:" + lab.targetHttpsPort() + path))
                .sessionKeys(IntStream.range(0, 10).mapToObj(i -> "s" + i).toList())
                .client(RunPlan.client(Duration.ofSeconds(60), timeouts)
                        .proxy(ProxySpec.parse("http://u:p@127.0.0.1:" + lab.gatewayPort()))
                        .tls(TlsSettings.caFile(lab.caFile()))
                        .sessions(SessionTemplate.parse(SessionTemplate.DEFAULT_TEXT), SessionRouter.stickyPerKey()))
                .timeouts(timeouts)
                .warmUpSessions(false);
    }

    @Test
    void aPlanRunsIntoAResultWhoseFiguresAreItsRecords(@TempDir Path dir) throws Exception {
        lab.resetGatewayCounters();
        Path file = dir.resolve("run.jsonl");
        AtomicLong seen = new AtomicLong();
        RecordSink counting = record -> seen.incrementAndGet();
        RunResult result = new Runner(plan("/cdn-cgi/trace", 3)
                .thresholds(Thresholds.parse(List.of("p99(total) > 5s", "records < 300")), false).build(),
                List.of(new JsonlSink(file), counting), line -> { }).run();

        RunStatistics live = result.statistics();
        assertThat(live.records()).isEqualTo(300).isEqualTo(seen.get());
        assertThat(live.ok()).isEqualTo(300);
        assertThat(result.stop()).isNull();
        assertThat(result.exitCode()).isZero();
        assertThat(result.thresholds()).extracting(Verdict::failed).containsExactly(false, false);
        // Each sticky session opened a tunnel at the gateway (two when its second request, 100 ms after its first,
        // came before the first tunnel was up: a busy machine), and the records count each as a new connection.
        long opened = live.wire().connectionsOpened();
        assertThat(lab.gatewayCounters().tunnels(GatewayCounters.Kind.CONNECT)).isEqualTo(opened);
        assertThat(opened).isBetween(10L, 20L);
        assertThat(live.wire().handshakesPer1000()).isEqualTo(1000.0 * opened / 300);

        // The file read back, as analyze reads it, gives the same figures: one definition, one pass.
        RunStatistics read = new RunStatistics();
        RecordClassifier classifier = new RecordClassifier(null);
        try (RecordStream records = RecordStream.open(file)) {
            records.forEach(r -> read.add(classifier.classify(r)));
            assertThat(records.cutLine()).isEmpty();
        }
        assertThat(read.records()).isEqualTo(live.records());
        assertThat(read.wire().bytesPerSuccess()).isEqualTo(live.wire().bytesPerSuccess()).isPositive();
        assertThat(read.latency().of(Phase.TOTAL)).isEqualTo(live.latency().of(Phase.TOTAL));
        assertThat(read.latency().of(Phase.TLS)).isEqualTo(live.latency().of(Phase.TLS));
        assertThat(read.exits().uniqueIps()).isEqualTo(live.exits().uniqueIps()).isBetween(1, 10);
        assertThat(read.outcomes().counts()).isEqualTo(live.outcomes().counts());
        assertThat(read.outcomes().firstTries()).isEqualTo(live.outcomes().firstTries());
        assertThat(result.summary().text()).startsWith("constant 100/s for 3s: 300/300 ok,");
    }

    @Test
    void aFailedThresholdIsTheResultsExitCode() throws Exception {
        RunResult result = new Runner(plan("/status/429", 1)
                .thresholds(Thresholds.parse(List.of("hard_block_rate > 2%")), false).build()).run();

        assertThat(result.thresholds()).singleElement().satisfies(v -> {
            assertThat(v.failed()).isTrue();
            assertThat(v.shown()).isEqualTo("100.00%");
        });
        assertThat(result.exitCode()).isEqualTo(Thresholds.FAILED_EXIT_CODE);
        assertThat(result.stop()).as("not aborted: --abort-on-fail was not asked").isNull();
    }

    @Test
    void aStopEndsTheRunWithARecordForEveryRequestThatWasDue(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stopped.jsonl");
        Runner runner = new Runner(plan("/delay/8000", 30).build(), List.of(new JsonlSink(file)), line -> { });
        CompletableFuture<RunResult> running = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(1_500);
        runner.stop(StopReason.SIGTERM);
        RunResult result = running.get(30, TimeUnit.SECONDS);

        assertThat(result.stop()).isEqualTo(StopReason.SIGTERM);
        assertThat(result.exitCode()).isEqualTo(143);
        assertThat(result.stoppedAtSeconds()).isGreaterThan(0.5).isLessThan(30);
        List<RequestRecord> records;
        try (RecordStream in = RecordStream.open(file)) {
            records = new java.util.ArrayList<>();
            in.forEach(records::add);
        }
        // The target answers after 8 s: every request due before the stop was still in flight, and got its record
        // as aborted once the grace (5 s, under its 10 s timeout) was over.
        assertThat(records).hasSize((int) result.statistics().records()).isNotEmpty()
                .allSatisfy(r -> assertThat(r.error()).isEqualTo(Records.ABORTED));
        assertThat(records.size()).isLessThan(3000);
        assertThat(result.summary().text()).startsWith("stopped by SIGTERM at ");
    }

    @Test
    void aPlanWithoutATargetIsRefusedNamingIt() {
        assertThatThrownBy(() -> RunPlan.builder().schedule(ArrivalSchedule.constant(1, Duration.ofSeconds(1)),
                Duration.ofSeconds(1)).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("target");
    }
}
