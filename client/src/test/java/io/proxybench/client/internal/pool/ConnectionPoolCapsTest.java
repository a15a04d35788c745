package io.proxybench.client.internal.pool;

import static io.proxybench.client.internal.pool.PoolFixture.A;
import static io.proxybench.client.internal.pool.PoolFixture.B;
import static io.proxybench.client.internal.pool.PoolFixture.C;
import static io.proxybench.client.internal.pool.PoolFixture.SECOND;
import static io.proxybench.client.internal.pool.PoolFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ConnectionPoolCapsTest {

    @Test
    void createsUntilThePerKeyCapThenWaits() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(2, 64, 1024));
        f.grant(A, Grant.Kind.CREATE, 0);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(0, 0, 0, 1, 2));
        f.open(A, "c2", 0);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(1, 0, 0, 2, 2));

        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 0);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(1, 0, 1, 2, 2));
        f.grant(C, Grant.Kind.CREATE, 0);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 1, 3, 1024));
        assertThat(waiting).isNotDone();
    }

    @Test
    void perExitCapSpansTheKeysSharingTheExit() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 2, 1024));
        f.open(A, "a1", 0);
        FakeConnection b1 = f.open(B, "b1", 0);
        CompletableFuture<Grant<FakeConnection>> waitingA = f.waitFor(A, 1 * SECOND);
        f.waitFor(B, 2 * SECOND);
        f.grant(C, Grant.Kind.CREATE, 3 * SECOND);

        f.pool.release(b1, false, CloseReason.SERVER_CLOSE, 4 * SECOND);

        assertThat(b1.closes).containsExactly(CloseReason.SERVER_CLOSE);
        assertThat(done(waitingA)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 3 * SECOND));
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 1, 3, 1024));
    }

    @Test
    void fullTotalCapEvictsTheLeastRecentlyUsedIdleConnectionOfAnotherKey() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 64, 3));
        FakeConnection a1 = f.open(A, "a1", 0);
        FakeConnection a2 = f.open(A, "a2", 0);
        FakeConnection b1 = f.open(B, "b1", 0);
        f.release(a2, 1 * SECOND);
        f.release(b1, 2 * SECOND);
        f.release(a1, 3 * SECOND);

        f.grant(C, Grant.Kind.CREATE, 4 * SECOND);
        assertThat(a2.closes).containsExactly(CloseReason.EVICTED);
        f.grant(C, Grant.Kind.CREATE, 5 * SECOND);
        assertThat(b1.closes).containsExactly(CloseReason.EVICTED);
        assertThat(a1.closes).isEmpty();
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 1, 0, 3, 3));

        f.reuse(A, a1, 6 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 3, 3));
    }

    @Test
    void aKeyNeverEvictsItsOwnConnectionsNorBusyOnes() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 64, 2));
        FakeConnection a1 = f.open(A, "a1", 0);
        FakeConnection b1 = f.open(B, "b1", 0);
        f.release(a1, 1);
        a1.maxConcurrent = 0;

        f.waitFor(A, 2);

        assertThat(a1.closes).isEmpty();
        assertThat(b1.closes).isEmpty();
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 1, 1, 2, 2));
    }

    @Test
    void aReleasedConnectionGoesToWaitersOfItsKeyBeforeOlderWaitersOfOthers() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 64, 2));
        FakeConnection a1 = f.open(A, "a1", 0);
        f.open(B, "b1", 0);
        CompletableFuture<Grant<FakeConnection>> waitingC = f.waitFor(C, 1 * SECOND);
        CompletableFuture<Grant<FakeConnection>> waitingA = f.waitFor(A, 2 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(2, 0, 2, 2, 2));

        f.release(a1, 3 * SECOND);

        assertThat(done(waitingA)).isEqualTo(new Grant<>(Grant.Kind.REUSE, a1, A, 1 * SECOND));
        assertThat(waitingC).isNotDone();
        assertThat(a1.closes).isEmpty();
        assertThat(f.gauges()).isEqualTo(new PoolGauges(2, 0, 1, 2, 2));
    }

    @Test
    void anIdleConnectionIsEvictedForAWaiterOfAnotherKey() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 64, 2));
        FakeConnection a1 = f.open(A, "a1", 0);
        f.open(B, "b1", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(C, 1 * SECOND);

        f.release(a1, 3 * SECOND);

        assertThat(a1.closes).containsExactly(CloseReason.EVICTED);
        assertThat(done(waiting)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, C, 2 * SECOND));
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 2, 2));
    }

    @Test
    void anEvictionThatUnblocksTheVictimsKeyServesItsWaiters() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(1, 64, 2));
        FakeConnection a = f.open(A, "a", 0);
        f.release(a, 1);
        a.maxConcurrent = 0;
        FakeConnection c = f.open(C, "c", 0);
        f.release(c, 2);
        CompletableFuture<Grant<FakeConnection>> waitingA = f.waitFor(A, 3);

        f.grant(B, Grant.Kind.CREATE, 4);

        assertThat(a.closes).containsExactly(CloseReason.EVICTED);
        assertThat(c.closes).containsExactly(CloseReason.EVICTED);
        assertThat(done(waitingA)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 1));
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 2, 2));
    }

    @Test
    void aWaiterPassedOverEarlierGetsASlotThatALaterEvictionFreed() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(2, 64, 4));
        FakeConnection l1 = f.open(A, "l1", 0);
        f.open(A, "l2", 0);
        FakeConnection k0 = f.open(C, "k0", 0);
        f.release(k0, 0);
        k0.maxConcurrent = 0;
        f.open(B, "p", 0);
        CompletableFuture<Grant<FakeConnection>> waitingA = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> waitingC = f.waitFor(C, 2);
        l1.maxConcurrent = 0;

        f.release(l1, 3);

        assertThat(l1.closes).containsExactly(CloseReason.EVICTED);
        assertThat(done(waitingC)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, C, 1));
        assertThat(k0.closes).containsExactly(CloseReason.EVICTED);
        assertThat(done(waitingA)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 2));
    }

    @Test
    void fullExitCapEvictsAnIdleConnectionOfAnotherKeyOnThatExit() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(64, 1, 1024));
        FakeConnection a1 = f.open(A, "a1", 0);
        FakeConnection c1 = f.open(C, "c1", 0);
        f.release(c1, 1);
        f.release(a1, 2);

        f.grant(B, Grant.Kind.CREATE, 3);

        assertThat(a1.closes).containsExactly(CloseReason.EVICTED);
        assertThat(c1.closes).isEmpty();
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(0, 0, 0, 0, 64));
    }

    @Test
    void createFailedHandsTheSlotToAWaiter() {
        PoolFixture f = new PoolFixture(PoolFixture.limits(1, 64, 1024));
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 2 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 1, 1, 1024));

        f.pool.createFailed(create, 7 * SECOND);

        assertThat(done(waiting)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 5 * SECOND));
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 1, 1024));
        f.pool.createFailed(done(waiting), 8 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
    }
}
