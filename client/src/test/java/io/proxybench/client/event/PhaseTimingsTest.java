package io.proxybench.client.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseTimingsTest {

    @Test
    void aPhaseNotGoneThroughIsAbsentAndAZeroDurationIsPresent() {
        PhaseTimings t = PhaseTimings.of(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L));

        assertThat(t.has(Phase.QUEUE)).isTrue();
        assertThat(t.get(Phase.QUEUE)).isZero();
        assertThat(t.has(Phase.TCP)).isFalse();
        assertThat(t.get(Phase.TCP)).isEqualTo(-1);
        assertThat(t.get(Phase.REQUEST)).isEqualTo(5_000L);
        assertThat(t.nanos()).containsExactly(Map.entry(Phase.QUEUE, 0L), Map.entry(Phase.REQUEST, 5_000L));
    }

    @Test
    void theBuilderReadsTheSameAsTheMapFormAndLaterPutsAreNotSeen() {
        PhaseTimings.Builder b = PhaseTimings.builder().put(Phase.TCP, 2_000_000L).put(Phase.TLS, 3_000_000L);
        PhaseTimings built = b.build();
        b.put(Phase.TCP, 7);

        PhaseTimings fromMap = PhaseTimings.of(Map.of(Phase.TLS, 3_000_000L, Phase.TCP, 2_000_000L));
        assertThat(built).isEqualTo(fromMap).hasSameHashCodeAs(fromMap);
        assertThat(built.get(Phase.TCP)).isEqualTo(2_000_000L);
        assertThat(b.build().get(Phase.TCP)).isEqualTo(7);
        assertThat(built).hasToString("tcp 2.0 ms, tls 3.0 ms");
    }

    @Test
    void theMapIsCopiedAndTheViewIsUnmodifiable() {
        Map<Phase, Long> nanos = new EnumMap<>(Map.of(Phase.DNS, 10L));
        PhaseTimings t = PhaseTimings.of(nanos);
        nanos.put(Phase.DNS, 20L);

        assertThat(t.get(Phase.DNS)).isEqualTo(10L);
        assertThatThrownBy(() -> t.nanos().put(Phase.TCP, 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(t).isNotEqualTo(PhaseTimings.of(Map.of(Phase.DNS, 11L)));
    }

    @Test
    void aNegativeDurationIsRefusedWithThePhase() {
        assertThatThrownBy(() -> PhaseTimings.of(Map.of(Phase.SOCKS, -5L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SOCKS took -5 ns");
        assertThatThrownBy(() -> PhaseTimings.builder().put(Phase.QUEUE, -2)).hasMessageContaining("QUEUE took -2 ns");
        assertThatThrownBy(() -> PhaseTimings.builder().put(Phase.TLS, -3)).hasMessageContaining("TLS took -3 ns");
    }

    @Test
    void noPhaseIsNoneAndTheQueueAndRequestFormEqualsTheOthers() {
        PhaseTimings reused = PhaseTimings.builder().put(Phase.QUEUE, 0L).put(Phase.REQUEST, 5_000L).build();
        PhaseTimings fromMap = PhaseTimings.of(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L));

        assertThat(reused).isEqualTo(fromMap).hasSameHashCodeAs(fromMap);
        assertThat(reused.has(Phase.TCP)).isFalse();
        assertThat(reused.get(Phase.TLS)).isEqualTo(-1);
        assertThat(reused).hasToString("queue 0.0 ms, request 0.0 ms");
        assertThat(reused).isNotEqualTo(PhaseTimings.of(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L,
                Phase.TCP, 1L)));
        assertThat(PhaseTimings.none().nanos()).isEmpty();
        assertThat(PhaseTimings.builder().build()).isSameAs(PhaseTimings.none()).hasToString("no phase");
        assertThat(PhaseTimings.of(Map.of())).isEqualTo(PhaseTimings.none());
    }
}
