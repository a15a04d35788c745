package io.proxybench.client.internal.pool;

import io.proxybench.client.event.CloseReason;

/**
 * The pool's bookkeeping for one connection. Guarded by the pool's lock.
 *
 * <p>Invariants: {@code 0 <= inFlight}; the connection is in its key's, its exit's and the pool's idle lists exactly when
 * {@code inFlight == 0}; a connection with {@code retiredFor != null} is never handed out and closes with that reason
 * when its last request ends.
 */
final class PooledConnection<K, E, C extends Poolable> {

    final KeyState<K, E, C> owner;
    final C connection;
    final long createdNanos;
    /** Requests in flight. */
    int inFlight;
    /** Requests started on this connection, the one that created it included. */
    long requests;
    /** When {@code inFlight} last dropped to 0; meaningful only while idle. */
    long idleSinceNanos;
    /** Pool-wide sequence number of the last hand-out or release; larger is more recently used. */
    long lastUsed;
    /** Why the connection takes no new request, or {@code null} while it may be reused. */
    CloseReason retiredFor;
    /** Its place in the pool's idle list, its exit's and its key's. */
    final IdleList.Node<PooledConnection<K, E, C>> poolIdle = new IdleList.Node<>(this);
    final IdleList.Node<PooledConnection<K, E, C>> exitIdle = new IdleList.Node<>(this);
    final IdleList.Node<PooledConnection<K, E, C>> keyIdle = new IdleList.Node<>(this);
    /** The grant that lends it without a wait, made once: most requests get it. */
    final Grant<C> reusedAtOnce;

    PooledConnection(KeyState<K, E, C> owner, C connection, long createdNanos) {
        this.owner = owner;
        this.connection = connection;
        this.createdNanos = createdNanos;
        this.reusedAtOnce = new Grant<>(Grant.Kind.REUSE, connection, owner.key, 0);
    }
}
