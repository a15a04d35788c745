package io.proxybench.client.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.client.PoolLimits;
import io.proxybench.client.event.PoolGauges;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several threads acquire at once while grants are served on an executor, as the client hops to a connection's event
 * loop: every grant must arrive, no connection may carry more than it allows, and the pool must end idle.
 */
class ConnectionPoolConcurrencyTest {

    private static final int THREADS = 4;
    private static final int REQUESTS_PER_THREAD = 5_000;
    private static final List<TestKey> KEYS = List.of(new TestKey("a", "x"), new TestKey("b", "x"),
            new TestKey("c", "y"));

    private final PoolLimits limits = PoolLimits.builder().maxPerKey(2).maxPerExit(3).maxTotal(4)
            .keepAlive(Duration.ofSeconds(60)).acquireTimeout(Duration.ofHours(1)).build();
    private final ConnectionPool<TestKey, String, FakeConnection> pool = new ConnectionPool<>(limits, TestKey::exit);
    private final AtomicLong clock = new AtomicLong();
    private final AtomicInteger names = new AtomicInteger();
    private final AtomicInteger overCapacity = new AtomicInteger();
    private final Queue<CompletableFuture<Grant<FakeConnection>>> futures = new ConcurrentLinkedQueue<>();
    private final CountDownLatch served = new CountDownLatch(THREADS * REQUESTS_PER_THREAD);
    private final ExecutorService eventLoops = Executors.newFixedThreadPool(THREADS);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyAcquireIsServedAndThePoolEndsIdle() throws InterruptedException {
        Thread[] threads = new Thread[THREADS];
        for (int t = 0; t < THREADS; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < REQUESTS_PER_THREAD; i++) {
                    TestKey key = KEYS.get(ThreadLocalRandom.current().nextInt(KEYS.size()));
                    CompletableFuture<Grant<FakeConnection>> f = pool.acquire(key, clock.incrementAndGet());
                    futures.add(f);
                    f.thenAcceptAsync(this::serve, eventLoops);
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        boolean allServed = served.await(30, TimeUnit.SECONDS);
        eventLoops.shutdown();

        assertThat(allServed).as("every grant served").isTrue();

        assertThat(futures).hasSize(THREADS * REQUESTS_PER_THREAD)
                .allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
        assertThat(overCapacity).hasValue(0);
        PoolGauges g = pool.gauges();
        assertThat(g.acquired()).isZero();
        assertThat(g.pending()).isZero();
        assertThat(g.idle()).isEqualTo(g.total()).isBetween(1, limits.maxTotal());
    }

    /** Sends one request on the grant and releases it, on whichever thread completed the grant. */
    private void serve(Grant<FakeConnection> grant) {
        FakeConnection c = grant.connection();
        if (grant.kind() == Grant.Kind.CREATE) {
            c = new FakeConnection("c" + names.incrementAndGet(), grant.key(), 1);
            pool.created(grant, c, clock.incrementAndGet());
        }
        synchronized (c) {
            c.held++;
            if (c.held > c.maxConcurrent || !c.closes.isEmpty()) {
                overCapacity.incrementAndGet();
            }
            c.held--;
        }
        pool.release(c, true, null, clock.incrementAndGet());
        served.countDown();
    }
}
