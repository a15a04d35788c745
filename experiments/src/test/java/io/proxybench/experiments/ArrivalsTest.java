package io.proxybench.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.records.RequestRecord;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ArrivalsTest {

    @Test
    void aConstantStreamIsTheOpenLoopSchedule() {
        Arrivals a = Arrivals.constant(100, Duration.ofSeconds(30));

        assertThat(a.count()).isEqualTo(3000);
        assertThat(a.nanos()[1]).isEqualTo(10_000_000L);
        assertThat(a.ratePerSec()).isEqualTo(100.0);
        assertThat(a.source()).isEqualTo("constant 100/s for 30s");
    }

    @Test
    void recordsGiveTheirScheduledTimesSortedAndTheirRate() {
        // 200 records 10 ms apart, from 1.5 s, written out of order as completions are.
        List<RequestRecord> records = IntStream.range(0, 200).map(i -> 199 - i)
                .mapToObj(i -> RequestRecord.builder(1.5 + i * 0.01, 1.6 + i * 0.01).build()).toList();

        Arrivals a = Arrivals.of(records, "records r.jsonl");

        assertThat(a.nanos()[0]).isZero();
        assertThat(a.nanos()[199]).isEqualTo(1_990_000_000L);
        assertThat(a.ratePerSec()).isCloseTo(100, within(1e-9));
    }

    @Test
    void aReplayNeedsTwoTimes() {
        assertThatThrownBy(() -> Arrivals.of(List.of(RequestRecord.builder(0, 1).build()), "one.jsonl"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one.jsonl has 1 records");
        assertThatThrownBy(() -> Arrivals.of(List.of(RequestRecord.builder(2, 3).build(),
                RequestRecord.builder(2, 3).build()), "burst.jsonl")).hasMessageContaining("all scheduled at one time");
    }
}
