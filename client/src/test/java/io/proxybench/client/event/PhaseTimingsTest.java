package io.proxybench.client.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PhaseTimingsTest {

    @Test
    void aPhaseNotGoneThroughIsAbsentAndAZeroDurationIsPresent() {
        PhaseTimings t = new PhaseTimings(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L));

        assertThat(t.has(Phase.QUEUE)).isTrue();
        assertThat(t.get(Phase.QUEUE)).isZero();
        assertThat(t.has(Phase.TCP)).isFalse();
        assertThat(t.get(Phase.TCP)).isEqualTo(-1);
        assertThat(t.get(Phase.REQUEST)).isEqualTo(5_000L);
        assertThat(t.nanos()).containsExactly(Map.entry(Phase.QUEUE, 0L), Map.entry(Phase.REQUEST, 5_000L));
    }

    @Test
    void theArrayFormReadsTheSameAsTheMapFormAndIsCopied() {
        long[] byOrdinal = new long[Phase.values().length];
        java.util.Arrays.fill(byOrdinal, -1);
        byOrdinal[Phase.TCP.ordinal()] = 2_000_000L;
        byOrdinal[Phase.TLS.ordinal()] = 3_000_000L;
        PhaseTimings fromArray = new PhaseTimings(byOrdinal);
        byOrdinal[Phase.TCP.ordinal()] = 7;

        PhaseTimings fromMap = new PhaseTimings(Map.of(Phase.TLS, 3_000_000L, Phase.TCP, 2_000_000L));
        assertThat(fromArray).isEqualTo(fromMap).hasSameHashCodeAs(fromMap);
        assertThat(fromArray.get(Phase.TCP)).isEqualTo(2_000_000L);
        assertThat(fromArray).hasToString("PhaseTimings{TCP=2000000, TLS=3000000}");
    }

    @Test
    void theMapIsCopiedAndTheViewIsUnmodifiable() {
        Map<Phase, Long> nanos = new EnumMap<>(Map.of(Phase.DNS, 10L));
        PhaseTimings t = new PhaseTimings(nanos);
        nanos.put(Phase.DNS, 20L);

        assertThat(t.get(Phase.DNS)).isEqualTo(10L);
        assertThatThrownBy(() -> t.nanos().put(Phase.TCP, 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(t).isNotEqualTo(new PhaseTimings(Map.of(Phase.DNS, 11L)));
    }

    @Test
    void aNegativeDurationOrAShortArrayIsRefusedWithThePhase() {
        assertThatThrownBy(() -> new PhaseTimings(Map.of(Phase.SOCKS, -5L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SOCKS took -5 ns");
        long[] bad = new long[Phase.values().length];
        bad[Phase.TLS.ordinal()] = -2;
        assertThatThrownBy(() -> new PhaseTimings(bad)).hasMessageContaining("TLS took -2 ns");
        assertThatThrownBy(() -> new PhaseTimings(new long[2])).hasMessageContaining("one duration per phase");
    }

    @Test
    void theQueueAndRequestFormEqualsTheOtherFormsWithTheSamePhases() {
        PhaseTimings reused = new PhaseTimings(0L, 5_000L);
        PhaseTimings fromMap = new PhaseTimings(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L));
        long[] byOrdinal = new long[Phase.values().length];
        java.util.Arrays.fill(byOrdinal, -1);
        byOrdinal[Phase.QUEUE.ordinal()] = 0;
        byOrdinal[Phase.REQUEST.ordinal()] = 5_000L;

        assertThat(reused).isEqualTo(fromMap).isEqualTo(new PhaseTimings(byOrdinal)).hasSameHashCodeAs(fromMap);
        assertThat(reused.has(Phase.TCP)).isFalse();
        assertThat(reused.get(Phase.TLS)).isEqualTo(-1);
        assertThat(reused).hasToString("PhaseTimings{QUEUE=0, REQUEST=5000}");
        assertThat(new PhaseTimings(-1, 7L).nanos()).containsExactly(Map.entry(Phase.REQUEST, 7L));
        assertThat(reused).isNotEqualTo(new PhaseTimings(Map.of(Phase.QUEUE, 0L, Phase.REQUEST, 5_000L,
                Phase.TCP, 1L)));
        assertThatThrownBy(() -> new PhaseTimings(-2, 0)).hasMessageContaining("QUEUE took -2 ns");
        assertThatThrownBy(() -> new PhaseTimings(0, -3)).hasMessageContaining("REQUEST took -3 ns");
    }
}
