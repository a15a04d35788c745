package io.proxybench.experiments.keepalive;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.records.RequestRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The idle share counts, from the second request on, those sent T or more after the previous one completed. */
class KeepAliveIdleShareTest {

    /** A request scheduled at {@code sched}, sent {@code lag} later, done at {@code done} (seconds). */
    private static RequestRecord request(double sched, double lag, double done) {
        return RequestRecord.builder(sched, done).startLag(lag).total(done - sched).status(200).build();
    }

    @Test
    void idleIsFromTheLastCompletionToTheNextSend() {
        List<RequestRecord> sorted = List.of(
                request(0.000, 0, 0.002),
                // sent 0.048 after the first completed: under T = 0.050
                request(0.050, 0, 0.051),
                // scheduled 0.049 after, sent 0.004 late: idle 0.053
                request(0.100, 0.004, 0.106),
                // scheduled during the request before, sent when it completed: idle 0
                request(0.105, 0.001, 0.116),
                // scheduled 0.040 after, sent 0.020 late: idle 0.060
                request(0.156, 0.020, 0.180));

        assertThat(KeepAliveExperiment.idleShare(sorted, 0.050)).isEqualTo(2 / 4.0);
        assertThat(KeepAliveExperiment.idleShare(sorted, 0.061)).isZero();
        assertThat(KeepAliveExperiment.idleShare(sorted, 0.0001)).isEqualTo(3 / 4.0);
    }

    @Test
    void oneRequestHasNoGap() {
        assertThat(KeepAliveExperiment.idleShare(List.of(request(0, 0, 0.001)), 0.05)).isZero();
        assertThat(KeepAliveExperiment.idleShare(List.of(), 0.05)).isZero();
    }
}
