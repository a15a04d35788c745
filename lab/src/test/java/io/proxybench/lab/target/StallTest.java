package io.proxybench.lab.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The stall window's arithmetic on a fake clock (nanoseconds). */
class StallTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final Stall stall = new Stall(now::get);

    @Test
    void noStallUntilOneStarts() {
        assertThat(stall.remainingNanos()).isZero();
    }

    @Test
    void aStallLastsItsLengthThenEnds() {
        assertThat(stall.start(Duration.ofMillis(700))).isEqualTo(700_000_000L);
        now.addAndGet(699_999_999L);
        assertThat(stall.remainingNanos()).isEqualTo(1);
        now.addAndGet(1);
        assertThat(stall.remainingNanos()).isZero();
        now.addAndGet(5_000_000_000L);
        assertThat(stall.remainingNanos()).isZero();
    }

    @Test
    void aLongerStallExtendsTheWindowAndAShorterOneLeavesIt() {
        stall.start(Duration.ofSeconds(1));
        now.addAndGet(400_000_000L);
        assertThat(stall.start(Duration.ofMillis(100))).as("ends with the running stall").isEqualTo(600_000_000L);
        assertThat(stall.start(Duration.ofSeconds(2))).as("extends it").isEqualTo(2_000_000_000L);
        now.addAndGet(1_999_999_999L);
        assertThat(stall.remainingNanos()).isEqualTo(1);
    }

    @Test
    void worksAcrossTheClocksWrapAround() {
        now.set(Long.MAX_VALUE - 100);
        assertThat(stall.start(Duration.ofNanos(1_000))).isEqualTo(1_000);
        now.addAndGet(999);
        assertThat(stall.remainingNanos()).isEqualTo(1);
    }

    @Test
    void lengthsOutOfRangeAreRefusedAndStallNothing() {
        for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(-5), Stall.MAX.plusNanos(1)}) {
            assertThatThrownBy(() -> stall.start(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("at most 600000 ms");
        }
        assertThat(stall.remainingNanos()).isZero();
        assertThat(stall.start(Stall.MAX)).isEqualTo(Stall.MAX.toNanos());
    }
}
