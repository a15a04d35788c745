package io.proxybench.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.bench.Fixtures;
import io.proxybench.client.event.Phase;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Wire bytes add up while known; one unknown part makes the whole unknown; responses and failures give theirs. */
class WireBytesTest {

    @Test
    void knownBytesAddUp() {
        assertThat(new WireBytes(100, 2_000, 300).plus(new WireBytes(10, 20, 0)))
                .isEqualTo(new WireBytes(110, 2_020, 300));
        assertThat(WireBytes.NONE.plus(new WireBytes(1, 2, 3))).isEqualTo(new WireBytes(1, 2, 3));
        assertThat(WireBytes.NONE.known()).isTrue();
    }

    @Test
    void anUnknownPartMakesTheSumTheUnknownInstance() {
        assertThat(WireBytes.UNKNOWN.known()).isFalse();
        assertThat(new WireBytes(1, 2, 3).plus(WireBytes.UNKNOWN)).isSameAs(WireBytes.UNKNOWN);
        assertThat(WireBytes.UNKNOWN.plus(WireBytes.NONE)).isSameAs(WireBytes.UNKNOWN);
    }

    @Test
    void aResponseAndAFailureGiveTheirThreeCounts() {
        // The bench fixture's response on a new tunnel: 1,210 bytes out, 3,980 in, 4,700 of them handshakes.
        assertThat(Fixtures.newTunnelResponse().wireBytes()).isEqualTo(new WireBytes(1_210, 3_980, 4_700));

        IOException reset = new IOException("reset");
        assertThat(new CallException(Phase.REQUEST, reset, 50, 60, 0).wireBytes()).isEqualTo(new WireBytes(50, 60, 0));
        assertThat(new CallException(Phase.REQUEST, reset).wireBytes()).isSameAs(WireBytes.UNKNOWN);
    }
}
