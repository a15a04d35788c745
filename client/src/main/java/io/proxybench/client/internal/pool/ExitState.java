package io.proxybench.client.internal.pool;

/**
 * The pool's state for one exit, shared by every key that uses it. Guarded by the pool's lock; dropped when
 * no key state uses it.
 *
 * <p>Invariant: {@code count} is the sum of {@link KeyState#count()} over the keys using this exit, at most
 * {@code maxPerExit}; {@code idle} holds this exit's connections with nothing in flight, least recently used first.
 */
final class ExitState<K, E, C extends Poolable> {

    final E id;
    final IdleList<PooledConnection<K, E, C>> idle = new IdleList<>();
    int count;
    /** Key states that use this exit. */
    int keys;

    ExitState(E exit) {
        this.id = exit;
    }
}
