package io.proxybench.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.Phase;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PercentilesTest {
    private static final double EPS = 1e-12;

    @TempDir
    Path dir;

    @Test
    void tcpOverSuccessesOnly() {
        // Successes' tcp sorted: 0.01 .. 0.12 (n = 12); failures' 9.0 are excluded.
        // p50: rank 11 * 0.50 = 5.5  -> 0.06 + 0.5  * 0.01 = 0.065
        // p90: rank 11 * 0.90 = 9.9  -> 0.10 + 0.9  * 0.01 = 0.109
        // p99: rank 11 * 0.99 = 10.89 -> 0.11 + 0.89 * 0.01 = 0.1189
        Percentiles tcp = Percentiles.perPhase(Fixture.records(dir)).get(Phase.TCP);
        assertThat(tcp.count()).isEqualTo(12);
        assertThat(tcp.p50()).isCloseTo(0.065, within(EPS));
        assertThat(tcp.p90()).isCloseTo(0.109, within(EPS));
        assertThat(tcp.p99()).isCloseTo(0.1189, within(EPS));
    }

    @Test
    void recordsWithoutAPhaseAreSkippedForIt() {
        Map<Phase, Percentiles> perPhase = Percentiles.perPhase(Fixture.records(dir));
        // tls only on two successes: [0.2, 0.4]; ranks 0.5, 0.9, 0.99 -> 0.3, 0.38, 0.398
        Percentiles tls = perPhase.get(Phase.TLS);
        assertThat(tls.count()).isEqualTo(2);
        assertThat(tls.p50()).isCloseTo(0.3, within(EPS));
        assertThat(tls.p90()).isCloseTo(0.38, within(EPS));
        assertThat(tls.p99()).isCloseTo(0.398, within(EPS));
        // connect on one success: every percentile is that value
        assertThat(perPhase.get(Phase.CONNECT)).isEqualTo(new Percentiles(1, 0.05, 0.05, 0.05));
        // no record has proxy_tls, socks or queue
        assertThat(perPhase).containsOnlyKeys(Phase.TCP, Phase.CONNECT, Phase.TLS, Phase.TOTAL);
    }

    @Test
    void emptySampleIsRejected() {
        assertThatThrownBy(() -> Percentiles.of(new double[0])).isInstanceOf(IllegalArgumentException.class);
    }
}
