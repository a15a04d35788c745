package io.proxybench.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.SteadyWindow;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A report's numbers are written the same way whether the value is written alone or with a command's fields. */
class ReportJsonTest {

    @Test
    void aWholeNumberIsWrittenWithoutADecimalPointAloneAndBesideMoreFields() {
        SteadyWindow steady = new SteadyWindow(1, 2, 40.0, 40, 40);
        assertThat(ReportJson.write(steady)).contains("\"steady_rps\":40,");
        assertThat(ReportJson.write(steady, Map.of("file", "run.jsonl"))).contains("\"steady_rps\":40,")
                .contains("\"file\":\"run.jsonl\"");
        assertThat(ReportJson.write(Map.of("share", 0.1 + 0.2), Map.of("n", 1.5))).isEqualTo(
                "{\"share\":0.3,\"n\":1.5}");
    }
}
