package io.proxybench.harness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.harness.engine.LiveRun;
import io.proxybench.harness.engine.RunnerCounters;
import io.proxybench.harness.engine.StopReason;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RunMetricsTest {

    private static String text(RunMetrics metrics) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, metrics.registry().scrape());
        return out.toString(StandardCharsets.UTF_8);
    }

    private static RequestRecord failed(String error) {
        return RequestRecord.builder(0, 1).error(error).outcome(Outcome.PROXY_FAILURE).build();
    }

    /** A run as the metrics see it: its statistics and counters. */
    private static LiveRun live(RunStatistics statistics) {
        RunnerCounters counters = new RunnerCounters();
        return new LiveRun() {
            @Override
            public RunnerCounters counters() {
                return counters;
            }

            @Override
            public <T> T statistics(Function<RunStatistics, T> read) {
                return read.apply(statistics);
            }

            @Override
            public double plannedSeconds() {
                return 1;
            }

            @Override
            public void stop(StopReason reason) {}
        };
    }

    /** Errors count under the phase analyze gives them: proxy_tls is one phase, though its name has a '_'. */
    @Test
    void errorsCountUnderTheirPhase() throws IOException {
        RunMetrics metrics = new RunMetrics(null);
        RunStatistics statistics = new RunStatistics();
        metrics.start(live(statistics));
        for (String error : List.of("proxy_tls_SSLHandshakeException", "proxy_tls_SSLHandshakeException",
                "connect_407", "total_Timeout")) {
            statistics.add(failed(error));
            metrics.accept(failed(error));
        }

        String text = text(metrics);
        assertThat(text).contains("proxybench_errors_total{phase=\"proxy_tls\"} 2.0")
                .contains("proxybench_errors_total{phase=\"connect\"} 1.0")
                .contains("proxybench_errors_total{phase=\"total\"} 1.0")
                .contains("proxybench_records_total{outcome=\"proxy_failure\"} 4.0")
                .doesNotContain("phase=\"proxy\"");
    }

    /** The counters are the run's statistics: a success's bytes, its tunnel and its exit, read at scrape time. */
    @Test
    void countersAreTheRunsStatistics() throws IOException {
        RunMetrics metrics = new RunMetrics(null);
        RunStatistics statistics = new RunStatistics();
        metrics.start(live(statistics));
        RequestRecord ok = RequestRecord.builder(0, 0.2).status(200).outcome(Outcome.DATA).reused(false).conn(1L)
                .bytesOut(300L).bytesIn(700L).ip("127.1.2.3").tls(0.05).total(0.2).build();
        statistics.add(ok);
        metrics.accept(ok);
        statistics.add(failed("connect_502").withOutcome(Outcome.PROXY_FAILURE));

        String text = text(metrics);
        assertThat(text).contains("proxybench_records_total{outcome=\"data\"} 1.0")
                .contains("proxybench_records_total{outcome=\"proxy_failure\"} 1.0")
                .contains("proxybench_tunnel_requests_total{tunnel=\"created\"} 1.0")
                .contains("proxybench_wire_bytes_total{direction=\"in\"} 700.0")
                .contains("proxybench_exits 1.0")
                .contains("proxybench_phase_seconds_count{phase=\"tls\"} 1");
    }

    /** Every label value a dashboard selects on is there before the first record, at 0. */
    @Test
    void everyLabelValueIsThereFromTheStart() throws IOException {
        String text = text(new RunMetrics("0:1/2 of 0,1/2,1"));
        assertThat(text).contains("proxybench_records_total{outcome=\"soft_block\"} 0.0")
                .contains("proxybench_tunnel_requests_total{tunnel=\"reused\"} 0.0")
                .contains("proxybench_phase_seconds_count{phase=\"tls\"} 0")
                .contains("proxybench_run_finished 0.0")
                .contains("proxybench_run_info{segment=\"0:1/2 of 0,1/2,1\"} 1");
    }
}
