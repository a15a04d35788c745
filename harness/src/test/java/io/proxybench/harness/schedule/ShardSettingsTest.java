package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code run}'s shard settings read into this process's part of the schedule. */
class ShardSettingsTest {

    private static final Instant START = Instant.parse("2026-11-30T14:00:00Z");

    @Test
    void noShardIsTheWholeScheduleAndNamesNoSegment() {
        ShardPart whole = new ShardSettings(null, null, null, null).read(false);
        assertThat(whole.share()).isEqualTo(1.0);
        assertThat(whole.text()).isNull();
        assertThat(whole.logComments()).isEmpty();
    }

    @Test
    void shardIOfNIsTheIthOfNEqualSegments() {
        ShardPart part = new ShardSettings("1/4", null, null, START.toString()).read(false);
        assertThat(part.text()).isEqualTo("1/4:1/2 of 0,1/4,1/2,3/4,1");
        assertThat(part.share()).isEqualTo(0.25);
        assertThat(part.start()).isEqualTo(START);
        assertThat(part.logComments()).hasSize(2);
    }

    @Test
    void aSegmentWithoutASequenceIsCutAroundItsEnds() {
        assertThat(new ShardSettings(null, "1/4:1/2", null, null).read(false).text())
                .isEqualTo("1/4:1/2 of 0,1/4,1/2,1");
    }

    @Test
    void mistakesAreNamedAsTheCommandLineSpellsThem() {
        assertThatThrownBy(() -> new ShardSettings("4/4", null, null, null).read(false))
                .hasMessageStartingWith("--shard 4/4: I must be from 0 to N-1");
        assertThatThrownBy(() -> new ShardSettings("x", null, null, null).read(false))
                .hasMessage("--shard x is not I/N, shard I (from 0) of N, e.g. 0/4");
        assertThatThrownBy(() -> new ShardSettings("0/2", "0:1/2", null, null).read(false))
                .hasMessageStartingWith("--shard 0/2 replaces --segment");
        assertThatThrownBy(() -> new ShardSettings(null, null, "0,1", null).read(false))
                .hasMessage("--segment-sequence goes with --segment, the part this shard fires");
        assertThatThrownBy(() -> new ShardSettings("0/2", null, null, null).read(true))
                .hasMessageStartingWith("--shard splits an open-loop schedule");
        assertThatThrownBy(() -> new ShardSettings(null, null, null, "soon").read(false))
                .hasMessage("--start-at soon is not a UTC time such as 2026-11-30T14:00:00Z");
    }

    @Test
    void aStartTooLateOrTooSoonForTheWarmUpIsRefused() {
        ShardPart part = new ShardSettings(null, null, null, START.toString()).read(false);
        assertThatCode(() -> part.checkStart(Duration.ofSeconds(5), START.minusSeconds(10)))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> part.checkStart(Duration.ZERO, START.plusSeconds(3)))
                .hasMessageStartingWith("--start-at " + START + " passed 3.0 s ago");
        assertThatThrownBy(() -> part.checkStart(Duration.ofSeconds(20), START.minusSeconds(10)))
                .hasMessageContaining("comes before the warm-up (--warmup, 20s) could end (10.0 s short)");
    }
}
