package io.proxybench.client.pool;

/**
 * What {@link ConnectionPool} needs from a connection; the pool never touches sockets.
 *
 * <p>All three methods are called by the pool from whichever thread calls into it, but {@link #close} only outside the
 * pool's lock, so an implementation may hop to its own event loop.
 */
public interface Poolable {

    /** False once the socket closed; the pool drops such a connection the next time it looks at it. */
    boolean isOpen();

    /**
     * Requests this connection may carry at once: 1 for HTTP/1.1, the peer's {@code SETTINGS_MAX_CONCURRENT_STREAMS}
     * (capped by a client option) for h2. Read on every hand-out, so it may change; 0 means no new request fits.
     */
    int maxConcurrentRequests();

    /** Asks the connection to close. Idempotent: the pool may call it on a connection that already closed. */
    void close(CloseReason reason);
}
