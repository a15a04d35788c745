package io.proxybench.client.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/** A pool over {@link TestKey}s and {@link FakeConnection}s, with helpers that assert what each step returns. */
final class PoolFixture {

    static final long SECOND = 1_000_000_000L;
    static final TestKey A = new TestKey("a", "x");
    static final TestKey B = new TestKey("b", "x");
    static final TestKey C = new TestKey("c", "y");

    final ConnectionPool<TestKey, String, FakeConnection> pool;
    /** Keys whose acquires say they expect multiplexing, as the client's do once their origin negotiated h2. */
    private final Set<TestKey> multiplexing = new HashSet<>();

    PoolFixture(PoolLimits limits) {
        pool = new ConnectionPool<>(limits, TestKey::exit, TestKey::keepAlive);
    }

    static PoolLimits limits(int maxPerKey, int maxPerExit, int maxTotal) {
        return PoolLimits.builder().maxPerKey(maxPerKey).maxPerExit(maxPerExit).maxTotal(maxTotal)
                .keepAlive(Duration.ofSeconds(60)).acquireTimeout(Duration.ofSeconds(30)).build();
    }

    /** From now on, acquires of {@code key} say they expect its connections to multiplex. */
    void expectMultiplexing(TestKey key) {
        multiplexing.add(key);
    }

    Acquire how(TestKey key) {
        return new Acquire(false, multiplexing.contains(key));
    }

    /** Acquires and expects an immediate grant of {@code kind}. */
    Grant<FakeConnection> grant(TestKey key, Grant.Kind kind, long nowNanos) {
        CompletableFuture<Grant<FakeConnection>> f = pool.acquire(key, how(key), nowNanos);
        assertThat(f).isDone();
        Grant<FakeConnection> g = f.join();
        assertThat(g.kind()).isEqualTo(kind);
        assertThat(g.key()).isEqualTo(key);
        assertThat(g.waitedNanos()).isZero();
        return g;
    }

    /** Acquires a CREATE grant and reports a new connection for it, carrying one request. */
    FakeConnection open(TestKey key, String name, int maxConcurrent, long nowNanos) {
        return created(grant(key, Grant.Kind.CREATE, nowNanos), name, maxConcurrent, nowNanos);
    }

    FakeConnection open(TestKey key, String name, long nowNanos) {
        return open(key, name, 1, nowNanos);
    }

    FakeConnection created(Grant<FakeConnection> grant, String name, int maxConcurrent, long nowNanos) {
        FakeConnection c = new FakeConnection(name, grant.key(), maxConcurrent);
        pool.created(grant, c, nowNanos);
        return c;
    }

    /** Acquires and expects REUSE of {@code expected}. */
    void reuse(TestKey key, FakeConnection expected, long nowNanos) {
        assertThat(grant(key, Grant.Kind.REUSE, nowNanos).connection()).isSameAs(expected);
    }

    /** Acquires and expects to wait. */
    CompletableFuture<Grant<FakeConnection>> waitFor(TestKey key, long nowNanos) {
        CompletableFuture<Grant<FakeConnection>> f = pool.acquire(key, how(key), nowNanos);
        assertThat(f).isNotDone();
        return f;
    }

    /** The result of a future that must already have completed; fails instead of blocking. */
    static <T> T done(CompletableFuture<T> future) {
        assertThat(future).isCompletedWithValueMatching(v -> true);
        return future.join();
    }

    void release(FakeConnection c, long nowNanos) {
        pool.release(c, true, null, nowNanos);
    }

    PoolGauges gauges() {
        return pool.gauges();
    }
}
