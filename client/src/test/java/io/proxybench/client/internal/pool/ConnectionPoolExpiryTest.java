package io.proxybench.client.internal.pool;

import static io.proxybench.client.internal.pool.PoolFixture.A;
import static io.proxybench.client.internal.pool.PoolFixture.B;
import static io.proxybench.client.internal.pool.PoolFixture.SECOND;
import static io.proxybench.client.internal.pool.PoolFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ConnectionPoolExpiryTest {

    private static PoolFixture pool(Duration keepAlive, Duration maxAge, int maxRequests) {
        return new PoolFixture(PoolLimits.builder().maxPerKey(64).maxPerExit(64).maxTotal(1024).keepAlive(keepAlive)
                .maxAge(maxAge).maxRequestsPerConnection(maxRequests).acquireTimeout(Duration.ofSeconds(30)).build());
    }

    private final PoolFixture f = pool(Duration.ofSeconds(60), null, 0);

    @Test
    void zeroKeepAliveClosesAtReleaseAndNeverShares() {
        PoolFixture noKeepAlive = pool(Duration.ZERO, null, 0);
        FakeConnection h2 = noKeepAlive.open(A, "h2", 10, 0);
        noKeepAlive.grant(A, Grant.Kind.CREATE, 1);

        noKeepAlive.release(h2, 2);

        assertThat(h2.closes).containsExactly(CloseReason.KEEP_ALIVE_ZERO);
        assertThat(noKeepAlive.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 1, 1024));
        assertThat(noKeepAlive.pool.maintain(3)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void idleConnectionClosesAtExactlyKeepAlive() {
        FakeConnection c = f.open(A, "c", 0);
        f.release(c, 10 * SECOND);

        assertThat(f.pool.maintain(70 * SECOND - 1)).isEqualTo(1);
        assertThat(c.closes).isEmpty();
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 1, 0, 1, 1024));

        assertThat(f.pool.maintain(70 * SECOND)).isEqualTo(Long.MAX_VALUE);
        assertThat(c.closes).containsExactly(CloseReason.IDLE_TIMEOUT);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
    }

    @Test
    void anExpiredIdleConnectionIsNotReusedEvenBeforeMaintain() {
        FakeConnection c = f.open(A, "c", 0);
        f.release(c, 10 * SECOND);
        f.reuse(A, c, 70 * SECOND - 1);
        f.release(c, 70 * SECOND);

        f.grant(A, Grant.Kind.CREATE, 130 * SECOND);

        assertThat(c.closes).containsExactly(CloseReason.IDLE_TIMEOUT);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 1, 1024));
    }

    @Test
    void aKeyCarriesItsOwnKeepAlive() {
        TestKey tenSeconds = new TestKey("a", "x", Duration.ofSeconds(10));
        FakeConnection a = f.open(tenSeconds, "a", 0);
        FakeConnection b = f.open(B, "b", 0);
        f.release(a, 0);
        f.release(b, 0);

        assertThat(f.pool.maintain(5 * SECOND)).isEqualTo(5 * SECOND);
        assertThat(f.pool.maintain(10 * SECOND)).as("then B's, the pool's 60 s").isEqualTo(50 * SECOND);
        assertThat(a.closes).containsExactly(CloseReason.IDLE_TIMEOUT);
        assertThat(b.closes).isEmpty();
    }

    @Test
    void aKeyWithZeroKeepAliveClosesAtReleaseAndOthersAreNotAffected() {
        TestKey never = new TestKey("a", "x", Duration.ZERO);
        FakeConnection a = f.open(never, "a", 0);
        f.release(a, 1);
        assertThat(a.closes).containsExactly(CloseReason.KEEP_ALIVE_ZERO);

        FakeConnection other = f.open(A, "other", 2);
        f.release(other, 3);
        assertThat(other.closes).isEmpty();
    }

    @Test
    void hugeDurationsSaturateInNanoseconds() {
        assertThat(ConnectionPool.nanos(Duration.ofDays(365L * 1000))).isEqualTo(Long.MAX_VALUE);
        assertThat(ConnectionPool.nanos(Duration.ofSeconds(1))).isEqualTo(SECOND);
    }

    @Test
    void connectionsPastMaxAgeCloseWhenIdle() {
        PoolFixture aging = pool(Duration.ofSeconds(60), Duration.ofSeconds(30), 0);
        FakeConnection idle = aging.open(A, "idle", 0);
        FakeConnection busy = aging.open(A, "busy", 0);
        aging.release(idle, 10 * SECOND);

        assertThat(aging.pool.maintain(10 * SECOND)).isEqualTo(20 * SECOND);
        assertThat(aging.pool.maintain(30 * SECOND)).isEqualTo(Long.MAX_VALUE);
        assertThat(idle.closes).containsExactly(CloseReason.MAX_AGE);
        assertThat(busy.closes).isEmpty();

        aging.release(busy, 31 * SECOND);
        assertThat(busy.closes).containsExactly(CloseReason.MAX_AGE);
        assertThat(aging.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
    }

    @Test
    void anH2ConnectionPastMaxAgeTakesNoNewRequestAndClosesAfterItsLast() {
        PoolFixture aging = pool(Duration.ofSeconds(60), Duration.ofSeconds(30), 0);
        FakeConnection h2 = aging.open(A, "h2", 10, 0);
        aging.reuse(A, h2, 29 * SECOND);

        aging.grant(A, Grant.Kind.CREATE, 30 * SECOND);
        aging.release(h2, 31 * SECOND);
        assertThat(h2.closes).isEmpty();
        aging.release(h2, 32 * SECOND);
        assertThat(h2.closes).containsExactly(CloseReason.MAX_AGE);
    }

    @Test
    void connectionsCloseAfterMaxRequests() {
        PoolFixture limited = pool(Duration.ofSeconds(60), null, 2);
        FakeConnection c = limited.open(A, "c", 0);
        limited.release(c, 1);
        limited.reuse(A, c, 2);
        limited.release(c, 3);

        assertThat(c.closes).containsExactly(CloseReason.MAX_REQUESTS);
        limited.grant(A, Grant.Kind.CREATE, 4);
    }

    @Test
    void releaseSaysWhyAConnectionTakesNoFurtherRequest() {
        PoolFixture limited = pool(Duration.ofSeconds(60), null, 2);
        FakeConnection c = limited.open(A, "c", 0);
        assertThat(limited.pool.release(c, true, null, 1)).as("kept for reuse").isNull();
        limited.reuse(A, c, 2);
        assertThat(limited.pool.release(c, true, null, 3)).isEqualTo(CloseReason.MAX_REQUESTS);

        FakeConnection closing = limited.open(A, "closing", 4);
        assertThat(limited.pool.release(closing, false, CloseReason.CLIENT_CLOSE, 5))
                .isEqualTo(CloseReason.CLIENT_CLOSE);
        PoolFixture noKeepAlive = pool(Duration.ZERO, null, 0);
        FakeConnection zero = noKeepAlive.open(B, "zero", 6);
        assertThat(noKeepAlive.pool.release(zero, true, null, 7)).isEqualTo(CloseReason.KEEP_ALIVE_ZERO);

        FakeConnection dropped = limited.open(A, "dropped", 7);
        dropped.open = false;
        assertThat(limited.pool.release(dropped, true, null, 8)).isEqualTo(CloseReason.PEER_CLOSED);
        assertThat(limited.pool.release(dropped, true, null, 9)).as("no longer held").isNull();
    }

    @Test
    void anH2ConnectionAtMaxRequestsDrainsThenCloses() {
        PoolFixture limited = pool(Duration.ofSeconds(60), null, 2);
        FakeConnection h2 = limited.open(A, "h2", 10, 0);
        limited.reuse(A, h2, 1);
        limited.grant(A, Grant.Kind.CREATE, 2);

        limited.release(h2, 3);
        assertThat(h2.closes).isEmpty();
        limited.release(h2, 4);
        assertThat(h2.closes).containsExactly(CloseReason.MAX_REQUESTS);
    }

    @Test
    void notReusableClosesWithTheGivenReasonOnceNothingElseIsInFlight() {
        FakeConnection h1 = f.open(A, "h1", 0);
        f.pool.release(h1, false, CloseReason.CLIENT_CLOSE, 1);
        assertThat(h1.closes).containsExactly(CloseReason.CLIENT_CLOSE);

        FakeConnection h2 = f.open(B, "h2", 10, 2);
        f.reuse(B, h2, 3);
        f.pool.release(h2, false, CloseReason.ERROR, 4);
        assertThat(h2.closes).isEmpty();
        f.grant(B, Grant.Kind.CREATE, 5);
        f.release(h2, 6);
        assertThat(h2.closes).containsExactly(CloseReason.ERROR);
    }

    @Test
    void freedCapacityOfAnExpiredConnectionGoesToAWaiterInMaintain() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(64, 64, 1));
        TestKey fiveSeconds = new TestKey("a", "x", Duration.ofSeconds(5));
        FakeConnection a = one.open(fiveSeconds, "a", 0);
        a.maxConcurrent = 0;
        one.release(a, 0);
        CompletableFuture<Grant<FakeConnection>> waiting = one.waitFor(fiveSeconds, 1 * SECOND);

        assertThat(one.pool.maintain(2 * SECOND)).isEqualTo(3 * SECOND);
        assertThat(one.pool.maintain(5 * SECOND)).isEqualTo(Long.MAX_VALUE);

        assertThat(a.closes).containsExactly(CloseReason.IDLE_TIMEOUT);
        assertThat(done(waiting)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, fiveSeconds, 4 * SECOND));
    }

    @Test
    void maintainReturnsTheDelayToTheNextExpiry() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(1, 64, 1024));
        assertThat(one.pool.maintain(0)).isEqualTo(Long.MAX_VALUE);

        FakeConnection a = one.open(A, "a", 0);
        assertThat(one.pool.maintain(1 * SECOND)).isEqualTo(Long.MAX_VALUE);
        one.waitFor(A, 15 * SECOND);
        assertThat(one.pool.maintain(20 * SECOND)).isEqualTo(25 * SECOND);

        FakeConnection b = one.open(B, "b", 20 * SECOND);
        one.release(b, 20 * SECOND);
        assertThat(one.pool.maintain(20 * SECOND)).isEqualTo(25 * SECOND);
        assertThat(one.pool.maintain(45 * SECOND)).isEqualTo(35 * SECOND);
        assertThat(one.pool.maintain(80 * SECOND)).isEqualTo(Long.MAX_VALUE);
        assertThat(b.closes).containsExactly(CloseReason.IDLE_TIMEOUT);
        assertThat(a.closes).isEmpty();
    }
}
