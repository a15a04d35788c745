package io.proxybench.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Stats;
import io.proxybench.harness.engine.CpuSampler;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunSummaryWarningsTest {

    static RequestRecord lagging(double startLagSeconds) {
        return RequestRecord.builder(0, 0.1).startLag(startLagSeconds).total(0.1).status(200).build();
    }

    static List<RequestRecord> lags(double seconds, int n) {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(lagging(seconds));
        }
        return records;
    }

    @Test
    void aStartLagP99Above10MsSaysTheClientFellBehind() {
        assertThat(RunSummary.warnings(Stats.of(lags(0.002, 100)), null, null)).isEmpty();
        assertThat(RunSummary.warnings(Stats.of(lags(0.050, 100)), null, null)).singleElement().asString()
                .contains("start lag p99 50.0 ms").contains("split the rate");
    }

    @Test
    void aLagOnlyInTheFirstSecondsIsNamedAColdJvm() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            double sched = i * 0.05;
            records.add(RequestRecord.builder(sched, sched + 0.1).startLag(sched < 1 ? 0.050 : 0.002).total(0.1)
                    .status(200).build());
        }

        assertThat(RunSummary.warnings(Stats.of(records), null, null)).singleElement().asString()
                .contains("start lag p99 50.0 ms").contains("only in the first 2 s (2.0 ms after them)")
                .contains("leave out --warmup for the default");
        assertThat(RunSummary.warnings(Stats.of(records), null, new WarmUpDone(1, 1000, 1000, true)))
                .singleElement().asString().contains("give a longer --warmup,");
    }

    @Test
    void aSaturatedClientCpuIsNamed() {
        assertThat(RunSummary.warnings(Stats.of(lags(0.001, 10)), new CpuSampler.CpuLoad(0.95, 1.0, 5), null))
                .singleElement().asString().contains("client CPU was saturated (mean 95%");
        assertThat(RunSummary.warnings(Stats.of(lags(0.001, 10)), new CpuSampler.CpuLoad(0.40, 0.6, 5), null))
                .isEmpty();
    }
}
