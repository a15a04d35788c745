package io.proxybench.client.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolLimitsTest {

    private static final Duration S = Duration.ofSeconds(1);

    @Test
    void defaults() {
        assertThat(PoolLimits.defaults()).isEqualTo(new PoolLimits(64, 64, 1024, Duration.ofSeconds(60), null, 0,
                Duration.ofSeconds(30)));
    }

    @Test
    void capsMustBePositiveAndDurationsNonNegative() {
        assertThatThrownBy(() -> new PoolLimits(0, 1, 1, S, null, 0, S)).hasMessage("maxPerKey must be at least 1, got 0");
        assertThatThrownBy(() -> new PoolLimits(1, 0, 1, S, null, 0, S)).hasMessageContaining("maxPerExit");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 0, S, null, 0, S)).hasMessageContaining("maxTotal");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 1, S.negated(), null, 0, S))
                .hasMessage("keepAlive must be zero or positive, got PT-1S");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 1, null, null, 0, S)).hasMessageContaining("keepAlive");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 1, S, S.negated(), 0, S)).hasMessageContaining("maxAge");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 1, S, null, -1, S)).hasMessageContaining("maxRequests");
        assertThatThrownBy(() -> new PoolLimits(1, 1, 1, S, null, 0, null)).hasMessageContaining("acquireTimeout");
    }

    @Test
    void hugeDurationsSaturateInNanoseconds() {
        PoolLimits forever = new PoolLimits(1, 1, 1, Duration.ofDays(365L * 1000), null, 0, S);
        assertThat(forever.keepAliveNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(forever.maxAgeNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(forever.acquireTimeoutNanos()).isEqualTo(1_000_000_000L);
    }

    @Test
    void closeReasonLabelsAreLowerSnakeCase() {
        assertThat(CloseReason.KEEP_ALIVE_ZERO.label()).isEqualTo("keep_alive_zero");
        assertThat(CloseReason.EVICTED.label()).isEqualTo("evicted");
    }
}
