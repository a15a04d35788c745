package io.proxybench.harness.sinks;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.analysis.Percentiles;
import org.junit.jupiter.api.Test;

class ProgressSnapshotTest {
    private static final long S = 1_000_000_000L;

    @Test
    void aLineShowsRateInFlightOutcomesPercentilesBacklogAndTimeLeft() {
        ProgressSnapshot s = new ProgressSnapshot(3_200_000_000L, 5 * S, 99.96, 2, 310, 1, 0, 0,
                new Percentiles(310, 4.12, 8, 9.849));

        assertThat(s.line()).isEqualTo(
                "3.2s  100.0 req/s  in flight 2  ok 310  errors 1  p50 4.1 ms  p99 9.8 ms  backlog 0  1.8s left");
    }

    @Test
    void percentilesAreADashBeforeTheFirstSuccess() {
        ProgressSnapshot s = new ProgressSnapshot(S / 2, 5 * S, 50, 25, 0, 0, 0, 3,
                null);

        assertThat(s.line()).isEqualTo(
                "0.5s  50.0 req/s  in flight 25  ok 0  errors 0  p50 -  p99 -  backlog 3  4.5s left");
    }

    @Test
    void afterTheScheduleTheRunIsDraining() {
        ProgressSnapshot s = new ProgressSnapshot(5 * S, 5 * S, 0, 4, 496, 0, 7, 0,
                new Percentiles(496, 3, 1000, 1250));

        assertThat(s.line()).endsWith("errors 0  retries 7  p50 3.0 ms  p99 1250.0 ms  backlog 0  draining");
    }
}
