package io.proxybench.client.internal.pool;

import java.util.concurrent.CompletableFuture;

/**
 * An acquire waiting for a slot since {@code enqueuedNanos}; {@code arrival} numbers waiters pool-wide in the order
 * they started waiting. {@code future} is completed outside the pool's lock. A {@code fresh} waiter takes only a
 * CREATE grant: it wants a new connection, never an open one.
 */
record Waiter<K, E, C extends Poolable>(KeyState<K, E, C> owner, CompletableFuture<Grant<C>> future,
        long enqueuedNanos, long arrival, boolean fresh) {}
