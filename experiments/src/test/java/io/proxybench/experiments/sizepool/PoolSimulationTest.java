package io.proxybench.experiments.sizepool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The pool simulation with the lab's own token bucket ({@link SizePoolOnLab#BUCKET}), on streams whose rejections can
 * be worked out by hand.
 */
class PoolSimulationTest {

    private static final long SECOND = 1_000_000_000L;

    private static int rejected(long[] nanos, int[] sessions, int pool, BucketLimit limit) {
        return PoolSimulation.rejected(nanos, sessions, pool, limit, SizePoolOnLab.BUCKET);
    }

    @Test
    void oneSessionBelowTheBucketsRateIsNeverRejected() {
        Arrivals a = Arrivals.constant(1.9, Duration.ofSeconds(60));
        int[] one = Assignment.ROUND_ROBIN.sessions(a.count(), 1, 1);

        assertThat(rejected(a.nanos(), one, 1, new BucketLimit(1, 2))).isZero();
    }

    @Test
    void aHandWorkedSequence() {
        // Burst 2, 1/s. 0 and 0.1 take the two tokens; 0.2 finds none; at 1.0 one is back; 1.1 finds none (the
        // next is due at 2.0); 2.5 takes the one due at 2.0.
        long[] t = {0, SECOND / 10, SECOND / 5, SECOND, SECOND + SECOND / 10, 5 * SECOND / 2};

        assertThat(rejected(t, new int[6], 1, new BucketLimit(2, 1))).isEqualTo(2);
    }

    @Test
    void aSecondAddressHalvesTheRateEachOneSees() {
        Arrivals a = Arrivals.constant(4, Duration.ofSeconds(10)); // every 250 ms
        BucketLimit oneEvery500ms = new BucketLimit(1, 2);

        assertThat(rejected(a.nanos(), new int[a.count()], 1, oneEvery500ms)).as("every other request")
                .isEqualTo(a.count() / 2);
        assertThat(rejected(a.nanos(), Assignment.ROUND_ROBIN.sessions(a.count(), 2, 1), 2, oneEvery500ms)).isZero();
    }

    @Test
    void anOverloadedAddressAcceptsItsBurstPlusItsRateOverItsSpan() {
        // 100/s for 30 s round-robin over 25 addresses: each gets 120 requests 250 ms apart, spanning 29.75 s, and
        // accepts 4 + floor(2 × 29.75) = 63 of them.
        Arrivals a = Arrivals.constant(100, Duration.ofSeconds(30));
        int[] sessions = Assignment.ROUND_ROBIN.sessions(a.count(), 25, 1);

        assertThat(rejected(a.nanos(), sessions, 25, new BucketLimit(4, 2))).isEqualTo(3000 - 25 * 63);
    }

    @Test
    void theSmallestRoundRobinPoolIsWhereTheBucketsCanHoldTheStream() {
        // An address accepts 4 + floor(2 × span) requests at most. With 48, each gets 63 requests 480 ms apart
        // (span 29.76 s, room for 63) or 62 (29.28 s, room for 62): none rejected. With 47, 39 addresses get 64
        // (29.61 s, room for 63) and 8 get 63 (29.14 s, room for 62): each rejects one, 47 in all, 1.6% of 3,000.
        Arrivals a = Arrivals.constant(100, Duration.ofSeconds(30));
        BucketLimit limit = new BucketLimit(4, 2);

        assertThat(PoolSimulation.smallestPool(a.nanos(), Assignment.ROUND_ROBIN, 1, limit,
                SizePoolOnLab.BUCKET, 0.01, 1000)).isEqualTo(48);
        assertThat(rejected(a.nanos(), Assignment.ROUND_ROBIN.sessions(a.count(), 48, 1), 48, limit)).isZero();
        assertThat(rejected(a.nanos(), Assignment.ROUND_ROBIN.sessions(a.count(), 47, 1), 47, limit)).isEqualTo(47);
    }

    @Test
    void aRandomSpreadRejectsWhereAnEvenOneDoesNot() {
        Arrivals a = Arrivals.constant(100, Duration.ofSeconds(30));
        BucketLimit limit = new BucketLimit(4, 2);
        int atLimit = 50;

        int even = rejected(a.nanos(), Assignment.ROUND_ROBIN.sessions(a.count(), atLimit, 1), atLimit, limit);
        int random = rejected(a.nanos(), Assignment.RANDOM.sessions(a.count(), atLimit, 1), atLimit, limit);
        int randomDoubled = rejected(a.nanos(), Assignment.RANDOM.sessions(a.count(), 2 * atLimit, 1), 2 * atLimit,
                limit);

        assertThat(even).isZero();
        assertThat(random).as("bunches overload some addresses").isGreaterThan(a.count() / 20);
        assertThat(randomDoubled).as("the seed's factor of 2").isLessThan(a.count() / 100);
    }

    @Test
    void arrivalsMustComeInTimeOrder() {
        assertThatThrownBy(() -> rejected(new long[] {SECOND, 0}, new int[2], 1, new BucketLimit(1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("earlier");
    }
}
