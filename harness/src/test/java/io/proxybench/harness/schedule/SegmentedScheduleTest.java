package io.proxybench.harness.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.lang3.math.Fraction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Shards of one sequence fire, between them, exactly the global schedule, each its share, spread evenly. */
class SegmentedScheduleTest {

    /** Every schedule kind, with a fixed seed for Poisson, built afresh for each shard as each process would. */
    private static final List<Supplier<ArrivalSchedule>> SCHEDULES = List.of(
            () -> ArrivalSchedule.constant(997, Duration.ofSeconds(3)),
            () -> ArrivalSchedule.stages(List.of(new Stage(50, Duration.ofSeconds(2)), new Stage(400, Duration.ofSeconds(1)),
                    new Stage(120, Duration.ofMillis(1500)))),
            () -> ArrivalSchedule.bursts(7, Duration.ofMillis(100), Duration.ofSeconds(2)),
            () -> ArrivalSchedule.poisson(800, Duration.ofSeconds(2), 42));

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0,1/4,1/2,1", "0,1/3,2/3,1", "0,0.1,0.35,1", "0,1",
        "0,1/8,1/4,3/8,1/2,5/8,3/4,7/8,1"})
    void theShardsTogetherFireTheGlobalScheduleExactlyOnceEachTheirShare(String sequenceText) {
        SegmentSequence sequence = SegmentSequence.parse(sequenceText);
        for (Supplier<ArrivalSchedule> schedule : SCHEDULES) {
            long[] global = ScheduleTimes.drain(schedule.get());
            List<Long> union = new ArrayList<>();
            for (ExecutionSegment segment : sequence.segments()) {
                ArrivalSchedule shard = ArrivalSchedule.segment(schedule.get(), segment, sequence);
                long planned = shard.plannedCount();
                long[] times = ScheduleTimes.drain(shard);
                Arrays.stream(times).forEach(union::add);

                double share = segment.length().doubleValue() * global.length;
                assertThat((double) times.length).as("%s of %s", segment, schedule.get().describe())
                        .isBetween(Math.floor(share) - 1, Math.ceil(share) + 1);
                if (planned != ArrivalSchedule.NONE) {
                    assertThat(planned).as("planned count of " + segment).isEqualTo(times.length);
                }
            }
            assertThat(union.stream().mapToLong(Long::longValue).sorted().toArray())
                    .as("the union of the shards of %s", schedule.get().describe()).isEqualTo(global);
        }
    }

    @Test
    void eachShardRequestKnowsItsIndexInTheGlobalScheduleAndTheShardsCoverEveryIndexOnce() {
        SegmentSequence sequence = SegmentSequence.parse("0,1/3,0.35,1");
        long[] global = ScheduleTimes.drain(ArrivalSchedule.poisson(500, Duration.ofSeconds(2), 7));
        List<Long> indices = new ArrayList<>();
        for (ExecutionSegment segment : sequence.segments()) {
            ArrivalSchedule shard = ArrivalSchedule.segment(ArrivalSchedule.poisson(500, Duration.ofSeconds(2), 7),
                    segment, sequence);
            long[] times = ScheduleTimes.drain(shard);
            for (int n = 0; n < times.length; n++) {
                long i = shard.globalIndex(n);
                assertThat(times[n]).as("%s request %d, global %d", segment, n, i).isEqualTo(global[(int) i]);
                indices.add(i);
            }
        }
        assertThat(indices.stream().sorted().toList())
                .isEqualTo(java.util.stream.LongStream.range(0, global.length).boxed().toList());
    }

    @Test
    void eachShardsRequestsAreSpreadEvenlyThroughTheCycle() {
        SegmentSequence sequence = SegmentSequence.parse("0,1/4,1/2,1");

        assertThat(sequence.owners()).containsExactly(2, 0, 1, 2);
        assertThat(SegmentSequence.parse("0,1/3,1").owners()).containsExactly(1, 0, 1);
    }

    @Test
    void aShardOfAConstantRateFiresAtItsShareOfTheRateFromTheStart() {
        ExecutionSegment quarter = ExecutionSegment.parse("1/4:1/2");
        long[] times = ScheduleTimes.drain(ArrivalSchedule.segment(ArrivalSchedule.constant(100, Duration.ofSeconds(1)),
                quarter, SegmentSequence.parse("0,1/4,1/2,1")));

        assertThat(times).hasSize(25);
        // Position 2 of each cycle of 4: requests 2, 6, 10, ... at 10 ms apart globally.
        assertThat(times[0]).isEqualTo(20_000_000L);
        assertThat(times[1] - times[0]).isEqualTo(40_000_000L);
    }

    @Test
    void segmentsReadLikeK6s() {
        assertThat(ExecutionSegment.parse("1/4:1/2")).isEqualTo(new ExecutionSegment(Fraction.getFraction(1, 4),
                Fraction.getFraction(1, 2)));
        assertThat(ExecutionSegment.parse("0.25:50%")).isEqualTo(ExecutionSegment.parse("1/4:1/2"));
        assertThat(ExecutionSegment.parse(":1/2")).isEqualTo(ExecutionSegment.parse("0:1/2"));
        assertThat(ExecutionSegment.parse("1/2:")).isEqualTo(ExecutionSegment.parse("1/2:1"));
        assertThat(ExecutionSegment.parse("2/8:4/8").toString()).isEqualTo("1/4:1/2");
    }

    @Test
    void badSegmentsAndSequencesAreNamedWithTheFormsToUse() {
        assertThatThrownBy(() -> ExecutionSegment.parse("1/2")).hasMessageContaining("needs one ':'")
                .hasMessageContaining("e.g. 0:1/4");
        assertThatThrownBy(() -> ExecutionSegment.parse("1/2:1/4")).hasMessageContaining("is not a part of [0, 1]");
        assertThatThrownBy(() -> ExecutionSegment.parse("0:x")).hasMessageContaining("'x' in '0:x' is not a fraction");
        assertThatThrownBy(() -> ExecutionSegment.parse("0:3/2")).hasMessageContaining("is not a part of [0, 1]");
        assertThatThrownBy(() -> SegmentSequence.parse("0,1/2")).hasMessageContaining("must start at 0 and end at 1");
        assertThatThrownBy(() -> SegmentSequence.parse("0,1/2,1/4,1")).hasMessageContaining("must increase strictly");
        assertThatThrownBy(() -> SegmentSequence.parse("0,1/2,1").indexOf(ExecutionSegment.parse("0:1/4")))
                .hasMessageContaining("segment 0:1/4 is not one of the sequence 0,1/2,1's segments");
        assertThatThrownBy(() -> SegmentSequence.parse("0,1/1019,1/1013,1/1009,1"))
                .hasMessageContaining("least common denominator above");
    }

    @Test
    void withoutASequenceAShardUsesK6sDefaultAroundItsSegment() {
        assertThat(SegmentSequence.around(ExecutionSegment.parse("1/4:1/2")).toString()).isEqualTo("0,1/4,1/2,1");
        assertThat(SegmentSequence.around(ExecutionSegment.parse("0:1/2")).toString()).isEqualTo("0,1/2,1");
        assertThat(SegmentSequence.around(ExecutionSegment.WHOLE).toString()).isEqualTo("0,1");
    }
}
