package io.proxybench.harness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    /** Errors count under the phase analyze gives them: proxy_tls is one phase, though its name has a '_'. */
    @Test
    void errorsCountUnderTheirPhase() throws IOException {
        RunMetrics metrics = new RunMetrics(null);
        metrics.accept(failed("proxy_tls_SSLHandshakeException"));
        metrics.accept(failed("proxy_tls_SSLHandshakeException"));
        metrics.accept(failed("connect_407"));
        metrics.accept(failed("total_Timeout"));

        String text = text(metrics);
        assertThat(text).contains("proxybench_errors_total{phase=\"proxy_tls\"} 2.0")
                .contains("proxybench_errors_total{phase=\"connect\"} 1.0")
                .contains("proxybench_errors_total{phase=\"total\"} 1.0")
                .contains("proxybench_records_total{outcome=\"proxy_failure\"} 4.0")
                .doesNotContain("phase=\"proxy\"");
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
