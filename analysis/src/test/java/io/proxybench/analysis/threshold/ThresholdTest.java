package io.proxybench.analysis.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.analysis.Stats;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ThresholdTest {

    /** 100 records: 90 successes of total 10..900 ms (new tunnels below 500 ms), 6 hard blocks, 4 proxy failures. */
    private static RunStatistics run() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 1; i <= 90; i++) {
            records.add(RequestRecord.builder(i * 0.1, i * 0.1 + i * 0.01).total(i * 0.01).status(200)
                    .reused(i >= 50).conn((long) i).bytesOut(400L).bytesIn(600L).build());
        }
        for (int i = 0; i < 6; i++) {
            records.add(RequestRecord.builder(1, 1.1).total(0.1).status(429).bytesOut(100L).bytesIn(100L).build());
        }
        for (int i = 0; i < 4; i++) {
            records.add(RequestRecord.builder(1, 2).total(1.0).error("connect_502").build());
        }
        return Stats.of(records);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // p99 of 10..900 ms over 90 successes is rank 90: 900 ms
        "p99(total) > 800ms | true",
        "p99(total) > 0.91s | false",
        "p99(total) >= 900000us | true",
        "p50(total,new) < 300ms | true",
        "p99(total,reused) <= 899ms | false",
        // 6 hard blocks of 96 answered: 6.25%
        "hard_block_rate > 6% | true",
        "hard_block_rate > 0.07 | false",
        "block_rate != 6.25% | false",
        "success_rate < 90% | false",
        "failure_rate >= 10% | true",
        "proxy_failure_rate > 3% | true",
        // 49 new of 90 that say: 544.4 per 1,000
        "handshakes_per_1k > 500 | true",
        // (90 x 1,000 + 6 x 200) / 90 = 1,013.3 bytes
        "bytes_per_success > 1KB | true",
        "bytes_per_success > 1.1KB | false",
        "records == 100 | true",
        "records != 100 | false",
        "unique_exits < 1 | true"})
    void aThresholdFailsWhenItsConditionHolds(String text, boolean failed) {
        assertThat(Threshold.parse(text).check(run()).failed()).as(text).isEqualTo(failed);
    }

    @Test
    void anUndefinedFigureFailsSayingSo() {
        Verdict v = Threshold.parse("p99(tls) > 100ms").check(run());
        assertThat(v.failed()).isTrue();
        assertThat(v.value()).isNull();
        assertThat(v.line()).isEqualTo("threshold FAILED (fail if p99(tls) > 100ms): p99(tls) is undefined (a threshold that cannot be checked fails)");
        assertThat(Threshold.parse("bytes_per_success > 1KB").check(Stats.of(List.of())).failed()).isTrue();
    }

    @Test
    void aVerdictShowsTheValueAndTheLimitInTheFiguresUnit() {
        assertThat(Threshold.parse("hard_block_rate > 2%").check(run()).line())
                .isEqualTo("threshold FAILED (fail if hard_block_rate > 2%): hard_block_rate is 6.25%");
        assertThat(Threshold.parse("p99(total) > 1s").check(run()).line())
                .startsWith("threshold held (fail if p99(total) > 1s): p99(total) is 90").endsWith("ms");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "p99(total) 800ms | is not FIGURE OP LIMIT",
        "p99(total) > fast | is not FIGURE OP LIMIT",
        "p99(total) > 800 | takes a time with its unit",
        "hard_block_rate > 2ms | takes a percentage",
        "hard_block_rate > 20 | takes a percentage",
        "handshakes_per_1k > 50% | takes a plain number",
        "p99(nothing) > 1s | no phase nothing",
        "p99(total,old) > 1s | give new or reused",
        "latency > 1s | no figure named latency"})
    void aBadThresholdIsNamedWithTheFix(String text, String message) {
        assertThatThrownBy(() -> Threshold.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(text.strip()).hasMessageContaining(message);
    }
}
