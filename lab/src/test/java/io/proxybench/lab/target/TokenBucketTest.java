package io.proxybench.lab.target;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private static final long T0 = 1_000_000_000_000L;

    private static long ms(long millis) {
        return T0 + TimeUnit.MILLISECONDS.toNanos(millis);
    }

    @Test
    void startsFullAndEmptiesAfterTheBurst() {
        TokenBucket bucket = new TokenBucket(4, 2.0, T0);

        for (int i = 0; i < 4; i++) {
            assertThat(bucket.tryTake(T0)).as("token %d", i).isTrue();
        }
        assertThat(bucket.tryTake(T0)).isFalse();
    }

    @Test
    void refillsAtTheRate() {
        TokenBucket bucket = new TokenBucket(1, 2.0, T0);
        assertThat(bucket.tryTake(T0)).isTrue();

        assertThat(bucket.tryTake(ms(499))).isFalse();
        assertThat(bucket.tryTake(ms(500))).isTrue();
        assertThat(bucket.tryTake(ms(500))).isFalse();
        assertThat(bucket.tryTake(ms(1000))).isTrue();
    }

    @Test
    void refillStopsAtTheBurst() {
        TokenBucket bucket = new TokenBucket(3, 2.0, T0);
        for (int i = 0; i < 3; i++) {
            bucket.tryTake(T0);
        }

        long hourLater = T0 + TimeUnit.HOURS.toNanos(1);
        for (int i = 0; i < 3; i++) {
            assertThat(bucket.tryTake(hourLater)).as("token %d", i).isTrue();
        }
        assertThat(bucket.tryTake(hourLater)).isFalse();
    }

    @Test
    void reportsTheWaitForTheNextToken() {
        TokenBucket bucket = new TokenBucket(1, 4.0, T0);
        assertThat(bucket.nanosUntilToken(T0)).isZero();
        bucket.tryTake(T0);

        assertThat(bucket.nanosUntilToken(T0)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(250));
        assertThat(bucket.nanosUntilToken(ms(100))).isEqualTo(TimeUnit.MILLISECONDS.toNanos(150));
        assertThat(bucket.nanosUntilToken(ms(250))).isZero();
    }

    @Test
    void partialRefillsAddUp() {
        TokenBucket bucket = new TokenBucket(2, 2.0, T0);
        bucket.tryTake(T0);
        bucket.tryTake(T0);

        assertThat(bucket.tryTake(ms(250))).isFalse();
        assertThat(bucket.tryTake(ms(500))).isTrue();
        assertThat(bucket.tryTake(ms(999))).isFalse();
        assertThat(bucket.tryTake(ms(1000))).isTrue();
        assertThat(bucket.nanosUntilToken(ms(1000))).isEqualTo(TimeUnit.MILLISECONDS.toNanos(500));
    }

    @Test
    void rateLimiterKeepsOneBucketPerSourceAndRoundsTheWaitUp() {
        RateLimiter limiter = new RateLimiter(2, 0.4);

        assertThat(limiter.take("127.0.0.1", T0)).isZero();
        assertThat(limiter.take("127.0.0.1", T0)).isZero();
        assertThat(limiter.take("127.0.0.1", T0)).isEqualTo(3);
        assertThat(limiter.take("127.0.0.2", T0)).isZero();
        assertThat(limiter.take("127.0.0.1", ms(2400))).isEqualTo(1);
        assertThat(limiter.take("127.0.0.1", ms(2500))).isZero();
    }

    @Test
    void rejectsAnEmptyBucketOrNoRefill() {
        assertThatThrownBy(() -> new TokenBucket(0, 1.0, T0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TokenBucket(1, 0.0, T0)).isInstanceOf(IllegalArgumentException.class);
    }
}
