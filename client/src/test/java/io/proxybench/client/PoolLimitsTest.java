package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.event.CloseReason;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolLimitsTest {

    private static final Duration S = Duration.ofSeconds(1);

    @Test
    void defaultsAreWhatTheJavadocSays() {
        PoolLimits d = PoolLimits.defaults();
        assertThat(d.maxPerKey()).isEqualTo(64);
        assertThat(d.maxPerExit()).isEqualTo(64);
        assertThat(d.maxTotal()).isEqualTo(1024);
        assertThat(d.keepAlive()).isEqualTo(Duration.ofSeconds(60));
        assertThat(d.maxAge()).isNull();
        assertThat(d.maxRequestsPerConnection()).isZero();
        assertThat(d.acquireTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(PoolLimits.builder().build()).isEqualTo(d).hasSameHashCodeAs(d);
    }

    @Test
    void eachFieldIsSetByNameAndTheOthersKeepTheirDefaults() {
        PoolLimits l = PoolLimits.builder().maxPerKey(2).keepAlive(Duration.ZERO).maxAge(S).build();
        assertThat(l.maxPerKey()).isEqualTo(2);
        assertThat(l.keepAlive()).isZero();
        assertThat(l.maxAge()).isEqualTo(S);
        assertThat(l.maxPerExit()).isEqualTo(64);
        assertThat(l.toBuilder().build()).isEqualTo(l);
        assertThat(l.toBuilder().maxPerKey(3).build()).isNotEqualTo(l);
        assertThat(l.toString()).contains("maxPerKey=2", "keepAlive=PT0S");
    }

    @Test
    void capsMustBePositiveAndDurationsNonNegative() {
        PoolLimits.Builder b = PoolLimits.builder();
        assertThatThrownBy(() -> b.maxPerKey(0)).hasMessage("maxPerKey must be at least 1, got 0");
        assertThatThrownBy(() -> b.maxPerExit(0)).hasMessageContaining("maxPerExit");
        assertThatThrownBy(() -> b.maxTotal(0)).hasMessageContaining("maxTotal");
        assertThatThrownBy(() -> b.keepAlive(S.negated())).hasMessage("keepAlive must be zero or positive, got PT-1S");
        assertThatThrownBy(() -> b.keepAlive(null)).hasMessageContaining("keepAlive");
        assertThatThrownBy(() -> b.maxAge(S.negated())).hasMessageContaining("maxAge");
        assertThatThrownBy(() -> b.maxRequestsPerConnection(-1)).hasMessageContaining("maxRequests");
        assertThatThrownBy(() -> b.acquireTimeout(null)).hasMessageContaining("acquireTimeout");
        assertThat(b.maxAge(null).build().maxAge()).isNull();
    }

    @Test
    void closeReasonLabelsAreLowerSnakeCase() {
        assertThat(CloseReason.KEEP_ALIVE_ZERO.label()).isEqualTo("keep_alive_zero");
        assertThat(CloseReason.EVICTED.label()).isEqualTo("evicted");
    }
}
