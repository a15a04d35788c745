package io.proxybench.client.internal.pool;

import static io.proxybench.client.internal.pool.PoolFixture.A;
import static io.proxybench.client.internal.pool.PoolFixture.B;
import static io.proxybench.client.internal.pool.PoolFixture.C;
import static io.proxybench.client.internal.pool.PoolFixture.SECOND;
import static io.proxybench.client.internal.pool.PoolFixture.done;
import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ConnectionPoolWaitersTest {

    private final PoolFixture f = new PoolFixture(PoolFixture.limits(1, 64, 1024));

    @Test
    void aWaiterGetsTheReleasedConnectionAndHowLongItWaited() {
        FakeConnection c = f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 10 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 1, 1, 1024));

        f.release(c, 25 * SECOND);

        assertThat(done(waiting)).isEqualTo(new Grant<>(Grant.Kind.REUSE, c, A, 15 * SECOND));
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 1, 1024));
    }

    @Test
    void grantNowGivesWhatAcquireWouldAtOnceAndQueuesNothingWhenTheCallerWouldWait() {
        Grant<FakeConnection> create = f.pool.grantNow(A, f.how(A), 0);
        assertThat(create).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 0));
        FakeConnection c = f.created(create, "c", 1, 0);

        assertThat(f.pool.grantNow(A, f.how(A), SECOND)).as("the key's one connection is busy").isNull();
        assertThat(f.gauges()).as("no waiter was queued").isEqualTo(new PoolGauges(1, 0, 0, 1, 1024));
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 2 * SECOND);
        f.release(c, 3 * SECOND);
        assertThat(done(waiting).connection()).isSameAs(c);

        f.release(c, 4 * SECOND);
        assertThat(f.pool.grantNow(A, f.how(A), 5 * SECOND)).isEqualTo(new Grant<>(Grant.Kind.REUSE, c, A, 0));
        f.pool.close();
        assertThat(f.pool.grantNow(B, f.how(B), 6 * SECOND)).as("closed: acquire fails, grantNow gives none")
                .isNull();
    }

    @Test
    void waitersOfOneKeyAreServedInArrivalOrder() {
        FakeConnection c = f.open(A, "c", 0);
        List<CompletableFuture<Grant<FakeConnection>>> waiting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(f.waitFor(A, i));
        }
        for (int i = 0; i < 3; i++) {
            f.release(c, 10 + i);
            assertThat(done(waiting.get(i)).waitedNanos()).isEqualTo(10);
            assertThat(waiting.subList(i + 1, 3)).noneMatch(CompletableFuture::isDone);
        }
    }

    @Test
    void freedCapacityGoesToTheOldestWaiterOfAnyKey() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(64, 64, 1));
        FakeConnection c = one.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> b1 = one.waitFor(B, 1);
        CompletableFuture<Grant<FakeConnection>> c1 = one.waitFor(C, 2);
        CompletableFuture<Grant<FakeConnection>> b2 = one.waitFor(B, 3);

        one.pool.release(c, false, CloseReason.ERROR, 10);
        assertThat(done(b1)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, B, 9));
        assertThat(c1).isNotDone();

        one.pool.createFailed(done(b1), 20);
        assertThat(done(c1)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, C, 18));
        assertThat(b2).isNotDone();
        assertThat(one.gauges()).isEqualTo(new PoolGauges(0, 0, 1, 1, 1));
    }

    @Test
    void aWaiterTimesOutInMaintainWithKeyCapsAndWait() {
        f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 5 * SECOND);

        assertThat(f.pool.maintain(35 * SECOND - 1)).isEqualTo(1);
        assertThat(waiting).isNotDone();
        assertThat(f.pool.maintain(35 * SECOND)).isEqualTo(Long.MAX_VALUE);

        assertThat(waiting).isCompletedExceptionally();
        Throwable cause = catchCause(waiting);
        assertThat(cause).isInstanceOf(AcquireTimeoutException.class).hasMessage("no connection for a@x after"
                + " waiting 30000 ms; in use (connections and slots being opened): 1 of 1 per key, 1 of 64 per exit,"
                + " 1 of 1024 in total");
        assertThat(((AcquireTimeoutException) cause).waitedNanos()).isEqualTo(30 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 1, 1024));
    }

    @Test
    void aTimedOutWaiterIsNotGrantedBeforeMaintainRuns() {
        FakeConnection c = f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 0);

        f.release(c, 30 * SECOND);

        assertThat(catchCause(waiting)).isInstanceOf(AcquireTimeoutException.class);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 1, 0, 1, 1024));
    }

    @Test
    void zeroAcquireTimeoutFailsAtOnceInsteadOfWaiting() {
        PoolFixture noWait = new PoolFixture(PoolLimits.builder().maxPerKey(1).maxPerExit(64).maxTotal(1024)
                .keepAlive(Duration.ofSeconds(60)).acquireTimeout(Duration.ZERO).build());
        noWait.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> refused = noWait.pool.acquire(A, 1);
        assertThat(catchCause(refused)).isInstanceOf(AcquireTimeoutException.class)
                .hasMessageContaining("after waiting 0 ms");
        assertThat(noWait.gauges().pending()).isZero();
    }

    @Test
    void aCancelledWaiterIsSkipped() {
        FakeConnection c = f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> cancelled = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> next = f.waitFor(A, 2);
        cancelled.cancel(false);

        f.release(c, 3);

        assertThat(done(next).connection()).isSameAs(c);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 1, 1024));
    }

    @Test
    void aGrantCancelledWhileBeingHandedOverGoesBack() {
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> first = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> second = f.waitFor(A, 2);
        first.thenRun(() -> second.cancel(false));

        FakeConnection h2 = f.created(create, "h2", 3, 3);

        assertThat(done(first).connection()).isSameAs(h2);
        assertThat(second).isCancelled();
        assertThat(f.gauges()).isEqualTo(new PoolGauges(2, 0, 0, 1, 1024));
        f.reuse(A, h2, 4);
    }

    @Test
    void completionCallbacksMayReenterThePool() {
        FakeConnection c = f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> first = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> second = f.waitFor(A, 2);
        first.thenAccept(g -> f.release(g.connection(), 4));

        f.release(c, 3);

        assertThat(done(second)).isEqualTo(new Grant<>(Grant.Kind.REUSE, c, A, 2));
    }

    @Test
    void completionCallbacksRunAfterThePoolLockIsReleased() throws InterruptedException {
        FakeConnection c = f.open(A, "c", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 1);
        AtomicReference<PoolGauges> seenByOtherThread = new AtomicReference<>();
        AtomicReference<PoolGauges> seenWhenCallbackReturned = new AtomicReference<>();
        waiting.thenRun(() -> {
            Thread other = new Thread(() -> seenByOtherThread.set(f.gauges()));
            other.start();
            try {
                other.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            seenWhenCallbackReturned.set(seenByOtherThread.get());
        });

        f.release(c, 2);

        assertThat(seenWhenCallbackReturned.get()).isEqualTo(new PoolGauges(1, 0, 0, 1, 1024));
    }

    @Test
    void closeFailsWaitersAndClosesConnections() {
        FakeConnection busy = f.open(A, "busy", 0);
        FakeConnection idle = f.open(B, "idle", 0);
        f.release(idle, 1);
        Grant<FakeConnection> create = f.grant(C, Grant.Kind.CREATE, 1);
        CompletableFuture<Grant<FakeConnection>> waiting = f.waitFor(A, 2);

        f.pool.close();

        assertThat(catchCause(waiting)).isInstanceOf(IllegalStateException.class).hasMessage("pool closed");
        assertThat(busy.closes).containsExactly(CloseReason.POOL_CLOSED);
        assertThat(idle.closes).containsExactly(CloseReason.POOL_CLOSED);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
        assertThat(catchCause(f.pool.acquire(A, 3))).isInstanceOf(IllegalStateException.class);

        FakeConnection late = f.created(create, "late", 1, 4);
        assertThat(late.closes).containsExactly(CloseReason.POOL_CLOSED);
        f.release(busy, 5);
        assertThat(f.pool.maintain(6)).isEqualTo(Long.MAX_VALUE);
    }

    private static Throwable catchCause(CompletableFuture<?> future) {
        assertThat(future).isCompletedExceptionally();
        try {
            future.join();
            throw new AssertionError("expected a failure");
        } catch (CompletionException e) {
            return e.getCause();
        }
    }
}
