package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ShardSetTest {

    private static ShardSet.Shard shard(String file, String... segments) {
        return new ShardSet.Shard(file, Set.of(segments));
    }

    @Test
    void theSegmentsOfOneSequenceEachOnceAreOneRun() {
        assertThatCode(() -> ShardSet.check(List.of(shard("b.jsonl", "1/4:1 of 0,1/4,1"),
                shard("a.jsonl", "0:1/4 of 0,1/4,1")))).doesNotThrowAnyException();
        assertThatCode(() -> ShardSet.check(List.of(shard("x.jsonl"), shard("y.jsonl"))))
                .as("files that name no segment are merged as they are").doesNotThrowAnyException();
    }

    @Test
    void aMissingSegmentIsNamed() {
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("a.jsonl", "0:1/4 of 0,1/4,1/2,1"),
                shard("c.jsonl", "1/2:1 of 0,1/4,1/2,1"))))
                .hasMessage("segment 1/4:1/2 of 0,1/4,1/2,1 is missing: no file holds its records");
    }

    @Test
    void aSegmentHeldTwiceIsNamedWithBothFiles() {
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("a.jsonl", "0:1/2 of 0,1/2,1"),
                shard("a-copy.jsonl", "0:1/2 of 0,1/2,1"), shard("b.jsonl", "1/2:1 of 0,1/2,1"))))
                .hasMessage("segment 0:1/2 of 0,1/2,1 is in both a.jsonl and a-copy.jsonl: a shard counted twice");
    }

    @Test
    void shardsCutByDifferentSequencesAreRefused() {
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("a.jsonl", "0:1/4 of 0,1/4,1"),
                shard("b.jsonl", "1/4:1 of 0,1/4,1/2,1"))))
                .hasMessageContaining("b.jsonl cuts the schedule at 0,1/4,1/2,1 but a.jsonl at 0,1/4,1");
    }

    @Test
    void aMergedFileHoldsSeveralSegmentsThatNoOtherFileMayHold() {
        ShardSet.check(List.of(shard("merged.jsonl", "0:1/2 of 0,1/2,1", "1/2:1 of 0,1/2,1")));
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("merged.jsonl", "0:1/2 of 0,1/2,1", "1/2:1 of 0,1/2,1"),
                shard("b.jsonl", "1/2:1 of 0,1/2,1"))))
                .hasMessageContaining("segment 1/2:1 of 0,1/2,1 is in both merged.jsonl and b.jsonl");
    }

    @Test
    void aFileWithoutASegmentAmongShardsOrABadSegmentIsRefused() {
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("a.jsonl", "0:1/2 of 0,1/2,1"), shard("whole.jsonl"))))
                .hasMessageContaining("whole.jsonl names no segment, but a.jsonl holds segment 0:1/2 of 0,1/2,1");
        assertThatThrownBy(() -> ShardSet.check(List.of(shard("a.jsonl", "half"))))
                .hasMessageContaining("a.jsonl names segment 'half', not FROM:TO of POINTS");
    }
}
