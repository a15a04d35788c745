package io.proxybench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.RequestRecord;
import org.junit.jupiter.api.Test;

class LatencySoFarTest {

    private static RequestRecord record(double totalSeconds, Integer status, String error) {
        return RequestRecord.builder(0, totalSeconds).total(totalSeconds).status(status).error(error).attempt(1)
                .build();
    }

    @Test
    void percentilesCoverEverySuccessSinceTheStartAndNoFailure() {
        LatencySoFar latency = new LatencySoFar();
        assertThat(latency.read().count()).isZero();
        for (int ms = 1; ms <= 50; ms++) {
            latency.record(record(ms / 1000.0, 200, null));
        }
        latency.record(record(9.0, null, "tcp_TimeoutException"));
        latency.record(record(9.0, 503, null));
        latency.read();
        for (int ms = 51; ms <= 100; ms++) {
            latency.record(record(ms / 1000.0, 200, null));
        }

        LatencySoFar.Percentiles p = latency.read();

        assertThat(p.count()).isEqualTo(100);
        assertThat(p.p50Millis()).isCloseTo(50, within(0.05));
        assertThat(p.p99Millis()).isCloseTo(99, within(0.1));
    }
}
