package io.proxybench.client.internal.pool;

import static io.proxybench.client.internal.pool.PoolFixture.SECOND;
import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random acquire / created / createFailed / release / kill / concurrency change / maintain sequences against a model of plain counters:
 * what the test holds (requests per connection, CREATE grants not yet reported, waiting futures) must always agree
 * with the caps, the gauges and the close calls the pool made.
 */
class ConnectionPoolRandomizedTest {

    private static final int OPERATIONS = 4000;
    private static final List<TestKey> KEYS = List.of(new TestKey("a", "x"), new TestKey("b", "x"),
            new TestKey("c", "y"), new TestKey("d", "y"), new TestKey("e", "z"));
    /** Reasons the pool may use only on a connection with no request in flight. */
    private static final Set<CloseReason> WHEN_IDLE = EnumSet.of(CloseReason.IDLE_TIMEOUT, CloseReason.EVICTED,
            CloseReason.MAX_AGE, CloseReason.MAX_REQUESTS, CloseReason.KEEP_ALIVE_ZERO, CloseReason.SERVER_CLOSE,
            CloseReason.ERROR);

    static LongStream seeds() {
        return LongStream.range(0, 25);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void invariantsHoldUnderRandomOperations(long seed) {
        new Run(seed).execute();
    }

    private static final class Run {

        private final SplittableRandom random;
        private final PoolLimits limits;
        private final ConnectionPool<TestKey, String, FakeConnection> pool;
        /** Connections the pool has not closed; closed ones move to {@code closed} once checked. */
        private final List<FakeConnection> connections = new ArrayList<>();
        private final List<FakeConnection> closed = new ArrayList<>();
        private final List<FakeConnection> held = new ArrayList<>();
        private final List<Grant<FakeConnection>> creates = new ArrayList<>();
        private final List<Waiting> waiting = new ArrayList<>();
        private long nowNanos = 1_000 * SECOND;
        private int names;

        Run(long seed) {
            random = new SplittableRandom(seed);
            limits = PoolLimits.builder().maxPerKey(1 + random.nextInt(4)).maxPerExit(1 + random.nextInt(5))
                    .maxTotal(1 + random.nextInt(7)).keepAlive(Duration.ofSeconds(pick(0, 3, 10)))
                    .maxAge(random.nextBoolean() ? null : Duration.ofSeconds(15))
                    .maxRequestsPerConnection(pick(0, 0, 3)).acquireTimeout(Duration.ofSeconds(pick(0, 5, 5))).build();
            pool = new ConnectionPool<>(limits, TestKey::exit);
        }

        void execute() {
            for (int i = 0; i < OPERATIONS; i++) {
                step();
                settleWaiting();
                checkInvariants();
            }
            held.forEach(c -> pool.release(c, true, null, nowNanos));
            creates.forEach(g -> pool.createFailed(g, nowNanos));
            pool.close();
            assertThat(connections).allMatch(c -> c.closes.size() == 1, "every connection closed once");
            assertThat(closed).allMatch(c -> c.closes.size() == 1, "every connection closed once");
            assertThat(waiting).allMatch(w -> w.future.isDone(), "every waiter settled");
        }

        private void step() {
            int choice = random.nextInt(100);
            if (choice < 35) {
                TestKey key = KEYS.get(random.nextInt(KEYS.size()));
                boolean fresh = random.nextInt(8) == 0;
                CompletableFuture<Grant<FakeConnection>> f =
                        pool.acquire(key, new Acquire(fresh, random.nextInt(6) == 0), nowNanos);
                if (f.isDone()) {
                    if (!f.isCompletedExceptionally()) {
                        assertThat(!fresh || f.join().kind() == Grant.Kind.CREATE).as("fresh gets CREATE").isTrue();
                        take(f.join());
                    } else {
                        assertThat(limits.acquireTimeout()).isZero();
                    }
                } else {
                    waiting.add(new Waiting(key, f, nowNanos));
                }
            } else if (choice < 50 && !creates.isEmpty()) {
                Grant<FakeConnection> g = creates.remove(random.nextInt(creates.size()));
                if (random.nextInt(5) == 0) {
                    pool.createFailed(g, nowNanos);
                } else {
                    FakeConnection c = new FakeConnection("c" + names++, g.key(), 1 + random.nextInt(3));
                    c.oneAtATime = c.maxConcurrent == 1 && random.nextBoolean();
                    connections.add(c);
                    c.held++;
                    held.add(c);
                    pool.created(g, c, nowNanos);
                }
            } else if (choice < 80 && !held.isEmpty()) {
                FakeConnection c = held.remove(random.nextInt(held.size()));
                c.held--;
                int outcome = random.nextInt(10);
                if (outcome == 0) {
                    pool.release(c, false, CloseReason.SERVER_CLOSE, nowNanos);
                } else if (outcome == 1) {
                    pool.release(c, false, CloseReason.ERROR, nowNanos);
                } else {
                    pool.release(c, true, null, nowNanos);
                }
            } else if (choice < 83 && !connections.isEmpty()) {
                connections.get(random.nextInt(connections.size())).open = false;
            } else if (choice < 85 && !connections.isEmpty()) {
                FakeConnection c = connections.get(random.nextInt(connections.size()));
                c.maxConcurrent = random.nextInt(c.oneAtATime ? 2 : 4);
            } else if (choice < 90) {
                long delayNanos = pool.maintain(nowNanos);
                checkMaintainDelay(delayNanos);
            } else {
                nowNanos += random.nextInt(3) * SECOND + random.nextInt(2);
            }
        }

        private void take(Grant<FakeConnection> g) {
            if (g.kind() == Grant.Kind.CREATE) {
                creates.add(g);
                return;
            }
            FakeConnection c = g.connection();
            assertThat(c.closes).as("%s handed out after close", c).isEmpty();
            assertThat(c.open).as("%s handed out while closed", c).isTrue();
            assertThat(c.key).isEqualTo(g.key());
            assertThat(limits.keepAlive()).isPositive();
            c.held++;
            assertThat(c.held).as("requests on %s", c).isLessThanOrEqualTo(c.maxConcurrent);
            held.add(c);
        }

        private void settleWaiting() {
            for (Waiting w : List.copyOf(waiting)) {
                if (!w.future.isDone()) {
                    continue;
                }
                waiting.remove(w);
                try {
                    Grant<FakeConnection> g = w.future.join();
                    assertThat(g.key()).isEqualTo(w.key);
                    assertThat(g.waitedNanos()).isEqualTo(nowNanos - w.sinceNanos);
                    assertThat(g.waitedNanos()).isLessThan(limits.acquireTimeout().toNanos());
                    take(g);
                } catch (CompletionException e) {
                    assertThat(e.getCause()).isInstanceOf(AcquireTimeoutException.class);
                    assertThat(nowNanos - w.sinceNanos).isGreaterThanOrEqualTo(limits.acquireTimeout().toNanos());
                }
            }
        }

        private void checkInvariants() {
            for (FakeConnection c : List.copyOf(connections)) {
                if (!c.closes.isEmpty()) {
                    assertThat(c.closes).as("close calls on %s", c).hasSize(1);
                    if (WHEN_IDLE.contains(c.closes.get(0))) {
                        assertThat(c.heldAtClose.get(0)).as("%s closed %s while in use", c, c.closes.get(0)).isZero();
                    }
                    connections.remove(c);
                    closed.add(c);
                }
            }
            int total = slots(k -> true);
            assertThat(total).isLessThanOrEqualTo(limits.maxTotal());
            for (TestKey key : KEYS) {
                assertThat(slots(key::equals)).isLessThanOrEqualTo(limits.maxPerKey());
                assertThat(slots(k -> k.exit().equals(key.exit()))).isLessThanOrEqualTo(limits.maxPerExit());
                assertThat(pool.gauges(key)).isEqualTo(new PoolGauges(inFlight(key::equals), idle(key::equals),
                        (int) waiting.stream().filter(w -> w.key.equals(key)).count(), slots(key::equals),
                        limits.maxPerKey()));
            }
            assertThat(pool.gauges()).isEqualTo(new PoolGauges(inFlight(k -> true), idle(k -> true), waiting.size(),
                    total, limits.maxTotal()));
            waiting.stream().map(w -> w.key).distinct().forEach(this::checkBlocked);
        }

        /**
         * A key with waiters can neither create nor make room by evicting another key's idle connection, unless it
         * is opening a connection its waiters may be held for (a key expected to multiplex).
         */
        private void checkBlocked(TestKey key) {
            if (creates.stream().anyMatch(g -> g.key().equals(key))) {
                return;
            }
            boolean keyFull = slots(key::equals) >= limits.maxPerKey();
            boolean exitFull = slots(k -> k.exit().equals(key.exit())) >= limits.maxPerExit();
            boolean totalFull = slots(k -> true) >= limits.maxTotal();
            assertThat(keyFull || exitFull || totalFull).as("%s waits with room to create", key).isTrue();
            if (!keyFull) {
                Predicate<TestKey> victims = exitFull ? k -> !k.equals(key) && k.exit().equals(key.exit())
                        : k -> !k.equals(key);
                assertThat(idle(victims)).as("%s waits while another key's idle connection could go", key).isZero();
            }
        }

        private void checkMaintainDelay(long delayNanos) {
            assertThat(delayNanos).isPositive();
            for (Waiting w : waiting) {
                if (!w.future.isDone()) {
                    assertThat(delayNanos).isLessThanOrEqualTo(limits.acquireTimeout().toNanos() - (nowNanos - w.sinceNanos));
                }
            }
        }

        /** Connections the pool has not closed plus CREATE grants not yet reported, of keys matching. */
        private int slots(Predicate<TestKey> keys) {
            int n = (int) creates.stream().filter(g -> keys.test((TestKey) g.key())).count();
            return n + (int) live(keys).count();
        }

        private int inFlight(Predicate<TestKey> keys) {
            return live(keys).mapToInt(c -> c.held).sum();
        }

        private int idle(Predicate<TestKey> keys) {
            return (int) live(keys).filter(c -> c.held == 0).count();
        }

        private Stream<FakeConnection> live(Predicate<TestKey> keys) {
            return connections.stream().filter(c -> keys.test((TestKey) c.key));
        }

        private int pick(int... values) {
            return values[random.nextInt(values.length)];
        }
    }

    private record Waiting(TestKey key, CompletableFuture<Grant<FakeConnection>> future, long sinceNanos) {}
}
