package io.proxybench.client.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The watch sees a buffer dropped without release, and a released one is not reported. */
class LeakWatchTest {

    @Test
    void aBufferDroppedWithoutReleaseIsReportedWithWhereItWasTouched() {
        LeakWatch.drain();
        leakOne();

        // The leak shows once a collection has cleared the buffer: on a loaded machine that may take more rounds
        // than one drain makes, so drain until it shows, for at most 10 s.
        List<String> leaks = LeakWatch.drain();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (leaks.isEmpty() && System.nanoTime() < deadline) {
            leaks = LeakWatch.drain();
        }
        assertThat(leaks).as("the leak, caught (and drained, so this class passes)")
                .anySatisfy(leak -> assertThat(leak).contains("ByteBuf leaked").contains("leakOne"));
    }

    @Test
    void releasedBuffersAreNotReported() {
        LeakWatch.drain();
        ByteBuf fine = PooledByteBufAllocator.DEFAULT.buffer(32);
        fine.writeInt(1);
        fine.release();

        assertThat(LeakWatch.drain()).isEmpty();
    }

    private static void leakOne() {
        ByteBuf lost = PooledByteBufAllocator.DEFAULT.buffer(32);
        lost.writeInt(42); // touched here, so the trace names this method
    }
}
