package io.proxybench.client.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** A pool over {@link TestKey}s and {@link FakeConnection}s, with helpers that assert what each step returns. */
final class PoolFixture {

    static final long SECOND = 1_000_000_000L;
    static final TestKey A = new TestKey("a", "x");
    static final TestKey B = new TestKey("b", "x");
    static final TestKey C = new TestKey("c", "y");

    final ConnectionPool<TestKey, String, FakeConnection> pool;

    PoolFixture(PoolLimits limits) {
        pool = new ConnectionPool<>(limits, TestKey::exit);
    }

    static PoolLimits limits(int maxPerKey, int maxPerExit, int maxTotal) {
        return new PoolLimits(maxPerKey, maxPerExit, maxTotal, Duration.ofSeconds(60), null, 0,
                Duration.ofSeconds(30));
    }

    /** Acquires and expects an immediate grant of {@code kind}. */
    Grant<FakeConnection> grant(TestKey key, Grant.Kind kind, long nowNanos) {
        CompletableFuture<Grant<FakeConnection>> f = pool.acquire(key, nowNanos);
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
        CompletableFuture<Grant<FakeConnection>> f = pool.acquire(key, nowNanos);
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

    Gauges gauges() {
        return pool.gauges();
    }
}
