package io.proxybench.experiments.bytes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The projection's arithmetic, exactly, with the seed's own figures as one of the cases. */
class BytesProjectionTest {

    @Test
    void aNewTunnelPerRequestPaysTheNewTunnelFigureEveryTime() {
        BytesProjection p = BytesProjection.of(1_000_000, 1, 7_600, 1_375);
        assertThat(p.tunnels()).isEqualTo(1_000_000);
        assertThat(p.bytes()).isEqualTo(7_600_000_000L);
        assertThat(p.gigabytes()).isEqualTo(7.6);
    }

    @Test
    void fiftyRequestsPerTunnelPayItOnceInFifty() {
        // The seed: ~7.6 KB for a new tunnel; 50 per tunnel came to ~1.5 GB per million, so ~1.375 KB reused.
        BytesProjection p = BytesProjection.of(1_000_000, 50, 7_600, 1_375);
        assertThat(p.tunnels()).isEqualTo(20_000);
        assertThat(p.bytes()).isEqualTo(20_000L * 7_600 + 980_000L * 1_375).isEqualTo(1_499_500_000L);
        assertThat(p.gigabytes()).isEqualTo(1.4995);
    }

    @Test
    void theLastTunnelMayCarryFewerRequests() {
        BytesProjection p = BytesProjection.of(10, 3, 100, 10);
        assertThat(p.tunnels()).isEqualTo(4);
        assertThat(p.bytes()).isEqualTo(4 * 100 + 6 * 10);
    }

    @Test
    void moreRequestsPerTunnelThanRequestsMeansOneTunnel() {
        assertThat(BytesProjection.of(5, 50, 1_000, 100).bytes()).isEqualTo(1_000 + 4 * 100);
    }

    @Test
    void countsBelowOneAreRefused() {
        assertThatThrownBy(() -> BytesProjection.of(0, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BytesProjection.of(1, 0, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anOverflowIsAnErrorNotAWrongFigure() {
        assertThatThrownBy(() -> BytesProjection.of(Long.MAX_VALUE / 2, 1, 10, 1))
                .isInstanceOf(ArithmeticException.class);
    }
}
