package io.proxybench.lab.exits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.client.proxy.SessionKind;
import io.proxybench.client.proxy.SessionParams;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Exit assignment and lifetimes, with time passed in: nothing here sleeps. */
class SessionTableTest {

    static final long MINUTE = Duration.ofMinutes(1).toNanos();

    final ExitPool pool = ExitPool.generate(256, 11);
    final SessionTable table = new SessionTable(pool, Duration.ofMinutes(10), null);

    static SessionParams session(String id, Duration lifetime) {
        return new SessionParams(SessionKind.SESSION, id, lifetime, null);
    }

    @Test
    void rotatingGetsANewExitEachTime() {
        Set<Exit> exits = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            exits.add(table.exitFor("u", SessionParams.ROTATING, 0).exit());
        }
        assertThat(exits).hasSize(10);
    }

    @Test
    void aSessionKeepsItsExitForItsLifetimeThenMoves() {
        SessionParams s = session("a", Duration.ofMinutes(2));
        long t0 = 1_000;
        Exit first = table.exitFor("u", s, t0).exit();
        assertThat(table.exitFor("u", s, t0 + MINUTE).exit()).isEqualTo(first);
        assertThat(table.exitFor("u", s, t0 + 2 * MINUTE - 1).exit()).isEqualTo(first);
        Exit next = table.exitFor("u", s, t0 + 2 * MINUTE).exit();
        assertThat(next).isNotEqualTo(first);
        assertThat(table.exitFor("u", s, t0 + 3 * MINUTE).exit()).isEqualTo(next);
    }

    @Test
    void aSessionWithoutLifetimeUsesTheDefault() {
        SessionParams s = session("d", null);
        Exit first = table.exitFor("u", s, 0).exit();
        assertThat(table.exitFor("u", s, 10 * MINUTE - 1).exit()).isEqualTo(first);
        assertThat(table.exitFor("u", s, 10 * MINUTE).exit()).isNotEqualTo(first);
    }

    @Test
    void aSessionMovesEarlyWhenItsExitGoesOffline() {
        SessionParams s = session("m", null);
        Exit first = table.exitFor("u", s, 0).exit();
        pool.setOnline(first, false);
        Exit moved = table.exitFor("u", s, MINUTE).exit();
        assertThat(moved).isNotEqualTo(first);
        pool.setOnline(first, true);
        assertThat(table.exitFor("u", s, 2 * MINUTE).exit()).isEqualTo(moved);
    }

    @Test
    void aHardSessionOutlivesTheDefaultLifetimeButMovesWhenOffline() {
        SessionParams hard = new SessionParams(SessionKind.HARD, "h", null, null);
        Exit first = table.exitFor("u", hard, 0).exit();
        assertThat(table.exitFor("u", hard, 24 * 60 * MINUTE).exit()).isEqualTo(first);
        pool.setOnline(first, false);
        assertThat(table.exitFor("u", hard, 24 * 60 * MINUTE + 1).exit()).isNotEqualTo(first);
    }

    @Test
    void aLockedSessionNeverMovesAndFailsWhileItsExitIsOffline() {
        SessionParams locked = new SessionParams(SessionKind.LOCKED, "l", null, null);
        Exit first = table.exitFor("u", locked, 0).exit();
        pool.setOnline(first, false);
        assertThatThrownBy(() -> table.exitFor("u", locked, MINUTE).exit()).isInstanceOf(NoExitException.class)
                .hasMessageContaining("lockedsession l").hasMessageContaining(first.ip());
        pool.setOnline(first, true);
        assertThat(table.exitFor("u", locked, 2 * MINUTE).exit()).isEqualTo(first);
    }

    @Test
    void accountsAndIdsKeepSessionsApart() {
        SessionParams s = session("same", null);
        Exit alice = table.exitFor("alice", s, 0).exit();
        Exit bob = table.exitFor("bob", s, 0).exit();
        Exit other = table.exitFor("alice", session("other", null), 0).exit();
        assertThat(Set.of(alice, bob, other)).hasSize(3);
    }

    @Test
    void kindAndCountryArePartOfTheSession() {
        Exit plain = table.exitFor("u", session("k", Duration.ofSeconds(1)), 0).exit();
        Exit locked = table.exitFor("u", new SessionParams(SessionKind.LOCKED, "k", null, null), 0).exit();
        assertThat(locked).isNotEqualTo(plain);
        assertThat(table.exitFor("u", new SessionParams(SessionKind.LOCKED, "k", null, null), 10 * MINUTE).exit())
                .isEqualTo(locked);
        String country = pool.countries().get(0);
        assertThat(table.exitFor("u", new SessionParams(SessionKind.SESSION, "k", null, country), 0).exit().country())
                .isEqualTo(country);
    }

    @Test
    void aCountrySessionGetsAnExitInThatCountry() {
        String country = pool.countries().get(pool.countries().size() - 1);
        Exit e = table.exitFor("u", new SessionParams(SessionKind.SESSION, "c", null, country), 0).exit();
        assertThat(e.country()).isEqualTo(country);
    }

    @Test
    void concurrentFirstRequestsOfOneSessionAgree() throws Exception {
        int threads = 32;
        ExecutorService workers = Executors.newFixedThreadPool(threads);
        CyclicBarrier together = new CyclicBarrier(threads);
        try {
            List<Future<Exit>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(workers.submit(() -> {
                    together.await(5, TimeUnit.SECONDS);
                    return table.exitFor("u", session("race", null), 0).exit();
                }));
            }
            Set<Exit> exits = new HashSet<>();
            for (Future<Exit> f : results) {
                exits.add(f.get(5, TimeUnit.SECONDS));
            }
            assertThat(exits).hasSize(1);
        } finally {
            workers.shutdownNow();
        }
    }

    @Test
    void aRotatingChoiceAlwaysStartsAFreshSetup() {
        Duration setup = Duration.ofMillis(100);
        for (long now : new long[] {0, MINUTE, 2 * MINUTE}) {
            ExitChoice c = table.exitFor("u", SessionParams.ROTATING, now);
            assertThat(c.setupSinceNanos()).isEqualTo(now);
            assertThat(c.setupLeftNanos(setup, now)).isEqualTo(setup.toNanos());
        }
    }

    @Test
    void aSessionSetsItsExitUpOnceFromWhenItWasBound() {
        long setup = Duration.ofMillis(100).toNanos();
        SessionParams s = session("warm", null);
        long t0 = 5_000;
        ExitChoice first = table.exitFor("u", s, t0);
        assertThat(first.setupLeftNanos(Duration.ofNanos(setup), t0)).isEqualTo(setup);
        // A tunnel 40 ms after the binding waits for the remaining 60 ms; one after the setup waits for none.
        ExitChoice during = table.exitFor("u", s, t0 + 40_000_000);
        assertThat(during.setupSinceNanos()).isEqualTo(t0);
        assertThat(during.setupLeftNanos(Duration.ofNanos(setup), t0 + 40_000_000)).isEqualTo(60_000_000);
        ExitChoice later = table.exitFor("u", s, t0 + MINUTE);
        assertThat(later.exit()).isEqualTo(first.exit());
        assertThat(later.setupLeftNanos(Duration.ofNanos(setup), t0 + MINUTE)).isZero();
    }

    @Test
    void aSessionThatMovesSetsItsNewExitUpAgain() {
        SessionParams s = session("moving", Duration.ofMinutes(1));
        ExitChoice first = table.exitFor("u", s, 0);
        ExitChoice moved = table.exitFor("u", s, MINUTE);
        assertThat(moved.exit()).isNotEqualTo(first.exit());
        assertThat(moved.setupSinceNanos()).isEqualTo(MINUTE);
        assertThat(moved.setupLeftNanos(Duration.ofMillis(100), MINUTE)).isEqualTo(Duration.ofMillis(100).toNanos());
    }

    @Test
    void anOpenTunnelKeepsASessionActivePastTheIdleLimitAndItsCloseStartsTheCount() {
        SessionTable idle = new SessionTable(pool, Duration.ofMinutes(10), Duration.ofSeconds(60));
        SessionParams s = session("t", null);
        Exit first = idle.tunnelOpened("u", s, 0).exit();
        assertThat(idle.exitFor("u", s, 3 * MINUTE).exit()).as("tunnel still open").isEqualTo(first);
        idle.tunnelClosed("u", s, 4 * MINUTE);
        assertThat(idle.exitFor("u", s, 4 * MINUTE + MINUTE).exit()).as("60 s after the close").isEqualTo(first);
        assertThat(idle.exitFor("u", s, 6 * MINUTE + MINUTE / 60 + 1).exit()).as("61 s after the last request")
                .isNotEqualTo(first);
    }

    @Test
    void asnTargetingPicksExitsOfThatAsnAndStateOrCityIsRefusedByName() {
        Exit any = pool.all().get(0);
        SessionParams inAsn = new SessionParams(SessionKind.ROTATING, null, null, null, null, null, any.asn());
        for (int i = 0; i < 5; i++) {
            assertThat(table.exitFor("u", inAsn, i).exit().asn()).isEqualTo(any.asn());
        }
        assertThatThrownBy(() -> table.exitFor("u", new SessionParams(SessionKind.ROTATING, null, null, "US",
                "california", null, null), 0)).isInstanceOf(NoExitException.class)
                .hasMessageContaining("the lab's exits have no state or city; drop the state");
    }

    @Test
    void aSweepKeepsASessionWithATunnelOpenSoItsTunnelsStayCounted() {
        SessionTable idle = new SessionTable(pool, Duration.ofMinutes(1), Duration.ofSeconds(20));
        SessionParams s = session("swept", null);
        Exit first = idle.tunnelOpened("u", s, 0).exit();
        long late = 2 * MINUTE; // past the lifetime, the tunnel still open
        for (int i = 0; i < 4096; i++) {
            idle.exitFor("other", session("k" + i, null), late); // enough lookups for a sweep
        }
        Exit second = idle.tunnelOpened("u", s, late).exit();
        assertThat(second).as("a new exit after the lifetime").isNotEqualTo(first);
        idle.tunnelClosed("u", s, late);
        assertThat(idle.exitFor("u", s, late + MINUTE / 2).exit()).as("one tunnel still open: no idle end")
                .isEqualTo(second);
    }
}
