package io.proxybench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.Phase;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PercentilesTest {
    @TempDir
    Path dir;

    @Test
    void aRunsPhasesAreHdrHistogramsOverTheSuccessesOnly() {
        // Successes' tcp: 0.01 .. 0.12 s (n = 12); the failures' 9.0 are left out. HdrHistogram's p is the value of
        // rank ceil(n * p / 100): p50 rank 6 = 60 ms, p90 rank 11 = 110 ms, p99 rank 12 = 120 ms, each within 0.1%.
        RunStatistics stats = Stats.of(Fixture.records(dir));
        Percentiles tcp = stats.latency().of(Phase.TCP);
        assertThat(tcp.count()).isEqualTo(12);
        assertThat(tcp.p50()).isCloseTo(60, within(0.06));
        assertThat(tcp.p90()).isCloseTo(110, within(0.11));
        assertThat(tcp.p99()).isCloseTo(120, within(0.12));
    }

    @Test
    void recordsWithoutAPhaseAreSkippedForIt() {
        Map<String, Percentiles> perPhase = Stats.of(Fixture.records(dir)).latency().phases();
        // tls only on two successes: 200 and 400 ms; ranks 1, 2, 2
        Percentiles tls = perPhase.get("tls");
        assertThat(tls.count()).isEqualTo(2);
        assertThat(tls.p50()).isCloseTo(200, within(0.2));
        assertThat(tls.p90()).isCloseTo(400, within(0.4));
        assertThat(tls.p99()).isCloseTo(400, within(0.4));
        // connect on one success: every percentile is that value
        assertThat(perPhase.get("connect").p99()).isCloseTo(50, within(0.05));
        // no record has proxy_tls, socks or queue
        assertThat(perPhase).containsOnlyKeys("tcp", "connect", "tls", "total");
    }

    @Test
    void smallSamplesInterpolateAsNumpyDoes() {
        // rank (n - 1) * p: p50 of [1, 2, 3, 4] = 2.5, p90 = 3.7, p99 = 3.97
        Percentiles p = Percentiles.of(new double[] {4, 1, 3, 2});
        assertThat(p).isEqualTo(new Percentiles(4, 2.5, 3.7, 3.97));
    }

    @Test
    void emptySampleIsRejected() {
        assertThatThrownBy(() -> Percentiles.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
