package io.proxybench.client.internal.bench;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.TlsSettings;
import io.proxybench.client.bench.Fixtures;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.internal.connect.Origin;
import io.proxybench.client.internal.connect.Route;
import io.proxybench.client.internal.metrics.ExitLabel;
import io.proxybench.client.internal.pool.ConnectionPool;
import io.proxybench.client.internal.pool.Grant;
import io.proxybench.client.internal.pool.Poolable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;

/**
 * {@link ConnectionPool} acquire and release for a warm key, keyed by {@link Route} with the client's default limits
 * (as {@code ProxyClient} uses it): each op is one REUSE grant of an idle HTTP/1.1 connection and its release.
 * The key holds {@value #WARM} open connections, so with up to that many threads every acquire finds one idle.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
public class PoolBench {

    private static final Route ROUTE =
            Route.of(Origin.of(Fixtures.TARGET), Fixtures.PROXY, TlsSettings.insecure(), false);

    /** Open connections of the warm key: one per benchmark thread at most. */
    static final int WARM = 2;

    /** A socket-less HTTP/1.1 connection that stays open. */
    private static final class Open implements Poolable {
        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public int maxConcurrentRequests() {
            return 1;
        }

        @Override
        public void close(CloseReason reason) {
        }
    }

    private ConnectionPool<Route, Object, Open> pool;

    @Setup(Level.Trial)
    public void warm() {
        pool = new ConnectionPool<>(PoolLimits.defaults(), r -> r.exit() == null ? ExitLabel.DIRECT : r.exit());
        long now = System.nanoTime();
        Grant<?>[] grants = new Grant<?>[WARM];
        for (int i = 0; i < WARM; i++) {
            grants[i] = pool.acquire(ROUTE, now).join();
            if (grants[i].kind() != Grant.Kind.CREATE) {
                throw new IllegalStateException("expected a CREATE grant for a cold key, got " + grants[i]);
            }
        }
        for (Grant<?> grant : grants) {
            @SuppressWarnings("unchecked")
            Grant<Open> create = (Grant<Open>) grant;
            Open connection = new Open();
            pool.created(create, connection, now);
            pool.release(connection, true, null, now);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        pool.close();
    }

    /** One thread: the pool's lock is never contended. */
    @Benchmark
    @Threads(1)
    public CloseReason acquireRelease() {
        return reuseOnce();
    }

    /** Two threads on the same key: every acquire and release contends for the pool's lock. */
    @Benchmark
    @Threads(WARM)
    public CloseReason acquireReleaseContended() {
        return reuseOnce();
    }

    private CloseReason reuseOnce() {
        Grant<Open> grant = pool.acquire(ROUTE, System.nanoTime()).join();
        if (grant.kind() != Grant.Kind.REUSE) {
            throw new IllegalStateException("expected a REUSE grant on a warm key, got " + grant);
        }
        return pool.release(grant.connection(), true, null, System.nanoTime());
    }
}
