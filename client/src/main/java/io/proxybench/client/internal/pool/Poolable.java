package io.proxybench.client.internal.pool;

import io.proxybench.client.event.CloseReason;

/**
 * What {@link ConnectionPool} needs from a connection; the pool never touches sockets.
 *
 * <p>All three methods are called by the pool from whichever thread calls into it, but {@link #close} only outside the
 * pool's lock, so an implementation may hop to its own event loop.
 */
public interface Poolable {

    /**
     * False once the socket closed: the pool never hands such a connection out, and drops it at its next sweep (an
     * acquire of its key that finds no connection to reuse, or {@link ConnectionPool#maintain}).
     */
    boolean isOpen();

    /**
     * Requests this connection may carry at once: 1 for HTTP/1.1, the peer's {@code SETTINGS_MAX_CONCURRENT_STREAMS}
     * (capped by a client option) for h2. Read on every hand-out, so it may change; 0 means no new request fits.
     */
    int maxConcurrentRequests();

    /**
     * Whether the connection can carry several requests at once (h2), even before its peer has said how many: a
     * key expected to multiplex keeps waiting for such a connection's streams. By default, whether it can now.
     */
    default boolean multiplexes() {
        return maxConcurrentRequests() > 1;
    }

    /**
     * True when the connection never carries more than one request at once, whatever its peer says (HTTP/1.1): the
     * pool then looks for a reusable one among its key's idle connections only, the most recently used first,
     * instead of among all of them. False by default.
     */
    default boolean oneAtATime() {
        return false;
    }

    /**
     * False while the connection does not yet know how many requests it may carry (an h2 connection before its
     * peer's SETTINGS): a key expected to multiplex waits for it rather than opening another.
     */
    default boolean slotsKnown() {
        return true;
    }

    /** Asks the connection to close. Idempotent: the pool may call it on a connection that already closed. */
    void close(CloseReason reason);
}
