package io.proxybench.client.internal.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.Counts;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientCountersTest {

    @Test
    void countsSinceASnapshotLeaveOutWhatCameBefore() {
        ClientCounters counters = new ClientCounters();
        counters.created("e", 4000);
        counters.acquired("e", false);
        counters.request("e", 4100, 300);
        counters.closed("e", CloseReason.IDLE_TIMEOUT);
        Counts afterWarmUp = counters.snapshot().total();

        counters.acquired("e", true);
        counters.request("e", 100, 300);
        counters.acquired("e", true);
        counters.request("e", 100, 300);
        counters.closed("e", CloseReason.MAX_AGE);
        Counts run = counters.snapshot().total().since(afterWarmUp);

        assertThat(run.created()).isZero();
        assertThat(run.reused()).isEqualTo(2);
        assertThat(run.requests()).isEqualTo(2);
        assertThat(run.handshakesPer1000()).isZero();
        assertThat(run.reuseRate()).isEqualTo(1.0);
        assertThat(run.bytesPerRequest()).isEqualTo(400.0);
        assertThat(run.handshakeBytes()).isZero();
        assertThat(run.closedByReason()).isEqualTo(Map.of(CloseReason.MAX_AGE.label(), 1L));
        Counts whole = afterWarmUp.plus(run);
        assertThat(whole).isEqualTo(counters.snapshot().total());
    }

    @Test
    void aFailedSetupCountsAsAConnectionOpenedAndClosedWithItsBytesAsHandshake() {
        ClientCounters counters = new ClientCounters();
        for (int i = 0; i < 100; i++) {
            counters.setupFailed("e", 16, 12);
        }
        counters.created("e", 4000);
        counters.request("e", 4100, 300);

        Counts total = counters.snapshot().total();
        assertThat(total.created()).isEqualTo(101);
        assertThat(total.requests()).isEqualTo(1);
        assertThat(total.handshakeBytes()).isEqualTo(100 * 28 + 4000);
        assertThat(total.bytesOut()).isEqualTo(100 * 16 + 4100);
        assertThat(total.bytesIn()).isEqualTo(100 * 12 + 300);
        assertThat(total.closedByReason()).isEqualTo(Map.of(CloseReason.ERROR.label(), 100L));
        assertThat(counters.snapshot().perExit().get("e")).isEqualTo(total);
    }
}
