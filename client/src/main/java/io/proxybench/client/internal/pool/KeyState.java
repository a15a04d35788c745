package io.proxybench.client.internal.pool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The pool's state for one key. Guarded by the pool's lock; dropped when it holds no connection, reservation or waiter.
 *
 * <p>Invariant: {@code connections.size() + reserved <= maxPerKey}; {@code waiters} is in arrival order, a
 * subsequence of the pool's global waiter order; {@code idle} holds exactly the connections with nothing in flight;
 * {@code multiRequest} counts the connections that are not {@link Poolable#oneAtATime()}.
 */
final class KeyState<K, E, C extends Poolable> {

    final K key;
    final ExitState<K, E, C> exit;
    final List<PooledConnection<K, E, C>> connections = new ArrayList<>();
    final ArrayDeque<Waiter<K, E, C>> waiters = new ArrayDeque<>();
    /** The key's connections with nothing in flight, least recently used first. */
    final IdleList<PooledConnection<K, E, C>> idle = new IdleList<>();
    /**
     * Connections that may carry more than one request at once (not {@link Poolable#oneAtATime()}); while there are
     * none, a reusable connection can only be an idle one.
     */
    int multiRequest;
    /** Slots granted as CREATE whose connection is not yet reported. */
    int reserved;
    /** How long the key's idle connections are kept, nanoseconds: the key's own policy or the pool's. */
    final long keepAliveNanos;
    /**
     * Whether the connection being opened is expected to carry concurrent requests (h2): then acquires wait for it
     * instead of each opening its own. Cleared when a connection of the key turns out not to multiplex.
     */
    boolean expectsMultiplexing;

    KeyState(K key, ExitState<K, E, C> exit, long keepAliveNanos) {
        this.key = key;
        this.exit = exit;
        this.keepAliveNanos = keepAliveNanos;
    }

    /** Connections plus reserved slots: what counts against the caps. */
    int count() {
        return connections.size() + reserved;
    }

    boolean isEmpty() {
        return connections.isEmpty() && reserved == 0 && waiters.isEmpty();
    }
}
