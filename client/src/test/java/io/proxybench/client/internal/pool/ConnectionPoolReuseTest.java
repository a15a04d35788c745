package io.proxybench.client.internal.pool;

import static io.proxybench.client.internal.pool.PoolFixture.A;
import static io.proxybench.client.internal.pool.PoolFixture.B;
import static io.proxybench.client.internal.pool.PoolFixture.SECOND;
import static io.proxybench.client.internal.pool.PoolFixture.done;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConnectionPoolReuseTest {

    private final PoolFixture f = new PoolFixture(PoolLimits.defaults());

    /** One request at a time (HTTP/1.1: the idle list's path) or several (h2: the path over every connection). */
    @ParameterizedTest(name = "oneAtATime={0}")
    @ValueSource(booleans = {true, false})
    void aReusePassesOverAClosedIdleConnectionAndTheAcquireThatMustCreateSweepsIt(boolean oneAtATime) {
        PoolFixture two = new PoolFixture(PoolFixture.limits(2, 64, 64));
        FakeConnection older = open(two, "older", oneAtATime, 0);
        FakeConnection newer = open(two, "newer", oneAtATime, 0);
        two.release(older, 1 * SECOND);
        two.release(newer, 2 * SECOND);
        newer.open = false;

        // The reuse takes the open one; the closed one still holds its slot until something sweeps it.
        two.reuse(A, older, 3 * SECOND);
        assertThat(newer.closes).isEmpty();
        assertThat(two.gauges()).isEqualTo(new PoolGauges(1, 1, 0, 2, 64));

        // The key is at its cap of 2 only because of the closed connection: this acquire sweeps it and creates.
        two.grant(A, Grant.Kind.CREATE, 4 * SECOND);
        assertThat(newer.closes).containsExactly(CloseReason.PEER_CLOSED);
        assertThat(two.gauges()).isEqualTo(new PoolGauges(1, 0, 0, 2, 64));
    }

    /** A connection of key A carrying one request, its kind told to the pool when it is created. */
    private static FakeConnection open(PoolFixture pool, String name, boolean oneAtATime, long nowNanos) {
        FakeConnection c = new FakeConnection(name, A, 1);
        c.oneAtATime = oneAtATime;
        pool.pool.created(pool.grant(A, Grant.Kind.CREATE, nowNanos), c, nowNanos);
        return c;
    }

    @Test
    void idleConnectionsAreReusedMostRecentlyUsedFirst() {
        FakeConnection c1 = f.open(A, "c1", 0);
        FakeConnection c2 = f.open(A, "c2", 0);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(2, 0, 0, 2, 1024));

        f.release(c1, 1 * SECOND);
        f.release(c2, 2 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 2, 0, 2, 1024));

        f.reuse(A, c2, 3 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(1, 1, 0, 2, 1024));
        f.reuse(A, c1, 3 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(2, 0, 0, 2, 1024));
        f.open(A, "c3", 3 * SECOND);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(3, 0, 0, 3, 1024));
        assertThat(c1.closes).isEmpty();
        assertThat(c2.closes).isEmpty();
    }

    @Test
    void oneAtATimeConnectionsAreFoundAmongTheIdleMostRecentFirstPassingOverClosedAndBusyOnes() {
        FakeConnection c1 = oneAtATime(f.open(A, "c1", 0));
        FakeConnection c2 = oneAtATime(f.open(A, "c2", 0));
        FakeConnection c3 = oneAtATime(f.open(A, "c3", 0));
        f.release(c1, 1 * SECOND);
        f.release(c3, 2 * SECOND);
        f.release(c2, 3 * SECOND);
        c2.open = false;

        f.reuse(A, c3, 4 * SECOND); // c2 is the newest idle but closed, c1 the oldest
        f.reuse(A, c1, 4 * SECOND);
        f.grant(A, Grant.Kind.CREATE, 4 * SECOND); // nothing idle is left open: c2 was dropped
        assertThat(c2.closes).containsExactly(CloseReason.PEER_CLOSED);
        f.release(c1, 5 * SECOND);
        f.release(c3, 6 * SECOND);
        f.reuse(A, c3, 7 * SECOND);
    }

    @Test
    void aKeyWithAMultiplexedConnectionLooksAtItsBusyConnectionsToo() {
        FakeConnection h1 = oneAtATime(f.open(A, "h1", 0));
        f.release(h1, 1 * SECOND);
        FakeConnection h2 = f.created(f.pool.acquire(A, Acquire.FRESH, 1 * SECOND).join(), "h2", 3, 1 * SECOND);
        f.reuse(A, h2, 2 * SECOND); // busy with one request, but used after h1 and with free streams
        f.reuse(A, h2, 2 * SECOND);
        f.reuse(A, h1, 2 * SECOND); // h2's three streams are taken
    }

    private static FakeConnection oneAtATime(FakeConnection c) {
        c.oneAtATime = true;
        return c;
    }

    @Test
    void aFreshAcquirePassesOverIdleConnectionsAndCreates() {
        FakeConnection idle = f.open(A, "idle", 0);
        f.release(idle, 1);

        Grant<FakeConnection> fresh = f.pool.acquire(A, Acquire.FRESH, 2).join();

        assertThat(fresh.kind()).isEqualTo(Grant.Kind.CREATE);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(0, 1, 0, 2, 64));
        f.reuse(A, idle, 3);
    }

    @Test
    void atItsCapAFreshAcquireReplacesAnIdleConnectionOfItsKey() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(1, 64, 1024));
        FakeConnection idle = one.open(A, "idle", 0);
        one.release(idle, 1);

        Grant<FakeConnection> fresh = one.pool.acquire(A, Acquire.FRESH, 2).join();

        assertThat(fresh.kind()).isEqualTo(Grant.Kind.CREATE);
        assertThat(idle.closes).containsExactly(CloseReason.EVICTED);
    }

    @Test
    void aFreshWaiterTakesTheRoomOfTheConnectionReleasedBeforeIt() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(1, 64, 1024));
        FakeConnection busy = one.open(A, "busy", 0);
        CompletableFuture<Grant<FakeConnection>> fresh = one.pool.acquire(A, Acquire.FRESH, 1);
        assertThat(fresh).isNotDone();

        one.release(busy, 2);

        assertThat(done(fresh).kind()).as("a new connection, never the open one").isEqualTo(Grant.Kind.CREATE);
        assertThat(busy.closes).containsExactly(CloseReason.EVICTED);
        assertThat(one.pool.gauges(A)).isEqualTo(new PoolGauges(0, 0, 0, 1, 1));
    }

    @Test
    void aKeyExpectedToMultiplexOpensOneConnectionAndItsBurstWaitsForItsStreams() {
        f.expectMultiplexing(A);
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> w1 = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> w2 = f.waitFor(A, 2);
        CompletableFuture<Grant<FakeConnection>> w3 = f.waitFor(A, 3);

        FakeConnection h2 = f.created(create, "h2", 3, 5);

        assertThat(done(w1).connection()).isSameAs(h2);
        assertThat(done(w2).connection()).isSameAs(h2);
        assertThat(done(w3).kind()).as("the streams are full: the next opens its own").isEqualTo(Grant.Kind.CREATE);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(3, 0, 0, 2, 64));
    }

    @Test
    void aBurstWaitsUntilTheNewConnectionKnowsItsStreamsThenTakesThem() {
        f.expectMultiplexing(A);
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> w1 = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> w2 = f.waitFor(A, 2);
        FakeConnection h2 = new FakeConnection("h2", A, 1);
        h2.multiplexes = true;
        h2.slotsKnown = false;

        f.pool.created(create, h2, 3);
        assertThat(w1).as("its SETTINGS have not come yet").isNotDone();
        assertThat(w2).isNotDone();

        h2.slotsKnown = true;
        h2.maxConcurrent = 2;
        f.pool.slotsChanged(h2, 4);

        assertThat(done(w1).connection()).isSameAs(h2);
        assertThat(done(w2).kind()).as("one stream left over for two waiters").isEqualTo(Grant.Kind.CREATE);
    }

    @Test
    void aConnectionWhoseSettingsAllowOneStreamEndsTheWaitForStreams() {
        f.expectMultiplexing(A);
        FakeConnection h2 = new FakeConnection("h2", A, 1);
        h2.multiplexes = true;
        h2.slotsKnown = false;
        f.pool.created(f.grant(A, Grant.Kind.CREATE, 0), h2, 1);

        h2.slotsKnown = true;
        f.pool.slotsChanged(h2, 2);

        // Acquires without the hint, as the client's are once the origin is known not to multiplex.
        assertThat(f.pool.acquire(A, 3).join().kind()).isEqualTo(Grant.Kind.CREATE);
        assertThat(f.pool.acquire(A, 4)).as("not held behind the connection being opened: it will not multiplex")
                .isDone();
    }

    @Test
    void aWrongGuessReleasesTheHeldBurstToOpenConnections() {
        f.expectMultiplexing(A);
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> w1 = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> w2 = f.waitFor(A, 2);

        f.created(create, "h1", 1, 5);

        assertThat(done(w1).kind()).isEqualTo(Grant.Kind.CREATE);
        assertThat(done(w2).kind()).as("no longer expected to multiplex").isEqualTo(Grant.Kind.CREATE);
    }

    @Test
    void aFailedOpeningHandsTheSlotToTheFirstHeldWaiterOnly() {
        f.expectMultiplexing(A);
        Grant<FakeConnection> create = f.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> w1 = f.waitFor(A, 1);
        CompletableFuture<Grant<FakeConnection>> w2 = f.waitFor(A, 2);

        f.pool.createFailed(create, 3);

        assertThat(done(w1).kind()).isEqualTo(Grant.Kind.CREATE);
        assertThat(w2).as("still expected to multiplex: waits for w1's connection").isNotDone();
    }

    @Test
    void connectionsServeOnlyTheirOwnKey() {
        FakeConnection a = f.open(A, "a", 0);
        f.release(a, 1);
        f.grant(B, Grant.Kind.CREATE, 2);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(0, 1, 0, 1, 64));
        assertThat(f.pool.gauges(B)).isEqualTo(new PoolGauges(0, 0, 0, 1, 64));
    }

    @Test
    void h2ConnectionIsSharedUpToItsConcurrencyLimit() {
        FakeConnection h2 = f.open(A, "h2", 3, 0);
        f.reuse(A, h2, 1);
        f.reuse(A, h2, 2);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(3, 0, 0, 1, 64));

        f.grant(A, Grant.Kind.CREATE, 3);
        assertThat(f.pool.gauges(A)).isEqualTo(new PoolGauges(3, 0, 0, 2, 64));

        f.release(h2, 4);
        f.reuse(A, h2, 5);
    }

    @Test
    void concurrencyLimitIsReadAtEachHandOut() {
        FakeConnection h2 = f.open(A, "h2", 2, 0);
        h2.maxConcurrent = 1;
        f.grant(A, Grant.Kind.CREATE, 1);
        h2.maxConcurrent = 3;
        f.reuse(A, h2, 2);
    }

    @Test
    void spareSlotsOfANewH2ConnectionGoToWaiters() {
        PoolFixture one = new PoolFixture(PoolFixture.limits(1, 64, 1024));
        Grant<FakeConnection> create = one.grant(A, Grant.Kind.CREATE, 0);
        CompletableFuture<Grant<FakeConnection>> w1 = one.waitFor(A, 1 * SECOND);
        CompletableFuture<Grant<FakeConnection>> w2 = one.waitFor(A, 2 * SECOND);
        CompletableFuture<Grant<FakeConnection>> w3 = one.waitFor(A, 3 * SECOND);

        FakeConnection h2 = one.created(create, "h2", 3, 5 * SECOND);

        assertThat(done(w1)).isEqualTo(new Grant<>(Grant.Kind.REUSE, h2, A, 4 * SECOND));
        assertThat(done(w2)).isEqualTo(new Grant<>(Grant.Kind.REUSE, h2, A, 3 * SECOND));
        assertThat(w3).isNotDone();
        assertThat(one.gauges()).isEqualTo(new PoolGauges(3, 0, 1, 1, 1024));
    }

    @Test
    void closedConnectionsAreNeverHandedOut() {
        FakeConnection idle = f.open(A, "idle", 0);
        FakeConnection h2 = f.open(B, "h2", 5, 0);
        f.release(idle, 1);
        idle.open = false;
        h2.open = false;

        f.grant(A, Grant.Kind.CREATE, 2);
        assertThat(idle.closes).containsExactly(CloseReason.PEER_CLOSED);
        f.grant(B, Grant.Kind.CREATE, 3);
        assertThat(h2.closes).containsExactly(CloseReason.PEER_CLOSED);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 2, 1024));

        f.release(h2, 4);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 2, 1024));
    }

    @Test
    void aWaiterIsNotHandedAConnectionThatClosedWhileItWaited() {
        PoolFixture two = new PoolFixture(PoolFixture.limits(2, 64, 1024));
        FakeConnection h2 = two.open(A, "h2", 1, 0);
        FakeConnection h1 = two.open(A, "h1", 0);
        CompletableFuture<Grant<FakeConnection>> waiting = two.waitFor(A, 1);
        h2.maxConcurrent = 5;
        h2.open = false;

        two.pool.release(h1, false, CloseReason.SERVER_CLOSE, 2);

        assertThat(done(waiting)).isEqualTo(new Grant<>(Grant.Kind.CREATE, null, A, 1));
    }

    @Test
    void aConnectionThatClosedInFlightIsDroppedAtRelease() {
        FakeConnection c = f.open(A, "c", 0);
        c.open = false;
        f.release(c, 1);
        assertThat(c.closes).containsExactly(CloseReason.PEER_CLOSED);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
    }

    @Test
    void maintainDropsClosedConnectionsEvenWithRequestsInFlight() {
        FakeConnection c = f.open(A, "c", 0);
        c.open = false;
        f.pool.maintain(1);
        assertThat(c.closes).containsExactly(CloseReason.PEER_CLOSED);
        assertThat(f.gauges()).isEqualTo(new PoolGauges(0, 0, 0, 0, 1024));
    }

    @Test
    void releasingMoreOftenThanAcquiringIsAnError() {
        FakeConnection c = f.open(A, "c", 0);
        FakeConnection h2 = f.open(A, "h2", 2, 0);
        f.release(c, 1);
        assertThatThrownBy(() -> f.release(c, 2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("released more often than acquired");
        f.release(h2, 3);
        assertThatThrownBy(() -> f.release(h2, 4)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachCreateGrantIsReportedOnce() {
        Grant<FakeConnection> g = f.grant(A, Grant.Kind.CREATE, 0);
        FakeConnection c = f.created(g, "c", 1, 1);
        assertThatThrownBy(() -> f.pool.createFailed(g, 2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no CREATE slot is reserved for a@x");
        assertThatThrownBy(() -> f.pool.created(new Grant<>(Grant.Kind.REUSE, c, A, 0), c, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
