package io.proxybench.analysis;

import static io.proxybench.analysis.Records.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static java.util.Map.entry;

import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class BlockRatesTest {
    /** Outcomes as written, or (no outcome) from status and error; the window is 10 s of done. */
    private static final List<RequestRecord> RUN = List.of(
            record(1.0, 200, "10.0.0.1", "US", null, Outcome.DATA),
            record(2.0, 403, "10.0.0.1", "US", null, null),                         // hard, by status
            record(5.0, 200, "10.0.0.2", "US", null, Outcome.SOFT_BLOCK),
            record(9.99, null, null, null, "tcp_ConnectException", null),           // proxy failure, no ip
            record(10.0, 429, "10.0.0.2", "US", null, Outcome.HARD_BLOCK),
            record(15.0, 200, "10.0.0.2", "US", null, null),                        // data, by status
            record(25.0, 200, "10.0.0.1", "US", null, Outcome.SOFT_BLOCK),          // written outcome wins
            record(31.0, 404, "10.0.0.3", "US", null, null));                       // target error

    @Test
    void perExitIp() {
        BlockRates rates = BlockRates.of(RUN, 10);
        assertThat(rates.perIp()).containsExactly(
                entry("10.0.0.1", new BlockCount(3, 0, 1, 1)),
                entry("10.0.0.2", new BlockCount(3, 0, 1, 1)),
                entry("10.0.0.3", new BlockCount(1, 0, 0, 0)));
        assertThat(rates.perIp().get("10.0.0.1").hardRate()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(rates.perIp().get("10.0.0.1").softRate()).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void perWindowOfDoneWithProxyFailuresOutOfTheRate() {
        BlockRates rates = BlockRates.of(RUN, 10);
        assertThat(rates.perWindow()).containsExactly(
                entry(0L, new BlockCount(4, 1, 1, 1)),
                entry(10L, new BlockCount(2, 0, 1, 0)),
                entry(20L, new BlockCount(1, 0, 0, 1)),
                entry(30L, new BlockCount(1, 0, 0, 0)));
        BlockCount first = rates.perWindow().get(0L);
        // 4 requests, 1 never reached the target: 3 responses, 1 hard and 1 soft.
        assertThat(first.responses()).isEqualTo(3);
        assertThat(first.hardRate()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(rates.perWindow().get(10L).hardRate()).isEqualTo(0.5);
    }

    @Test
    void oneWideWindowHoldsTheWholeRun() {
        assertThat(BlockRates.of(RUN, 3600).perWindow()).containsExactly(entry(0L, new BlockCount(8, 1, 2, 2)));
    }

    @Test
    void ratesAreZeroWithoutResponses() {
        BlockCount onlyFailures = new BlockCount(2, 2, 0, 0);
        assertThat(onlyFailures.hardRate()).isZero();
        assertThat(onlyFailures.softRate()).isZero();
    }

    @Test
    void rejectsANonPositiveWindowAndARecordWithoutOutcomeStatusOrError() {
        assertThatThrownBy(() -> BlockRates.of(RUN, 0)).hasMessageContaining("at least 1 second, got 0");
        assertThatThrownBy(() -> BlockRates.of(List.of(record(2.5, null, null, null, null, null)), 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scheduled at 2.5 s has no outcome, status or error");
    }
}
