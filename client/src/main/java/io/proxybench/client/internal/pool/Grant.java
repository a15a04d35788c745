package io.proxybench.client.internal.pool;

/**
 * The answer to {@link ConnectionPool#acquire}: a connection to use, or a slot to open one in.
 *
 * <p>Every grant must be given back exactly once: a {@link Kind#REUSE} grant with {@link ConnectionPool#release}, a
 * {@link Kind#CREATE} grant with {@link ConnectionPool#created} (then {@code release} when the request ends) or
 * {@link ConnectionPool#createFailed}.
 *
 * @param kind whether to reuse {@code connection} or create a connection
 * @param connection the connection to send on, with this request already counted in flight; {@code null} for CREATE
 * @param key the pool key the grant was made for
 * @param waitedNanos nanoseconds spent waiting for a slot, 0 when granted at once (the request's {@code queue} phase)
 */
public record Grant<C>(Kind kind, C connection, Object key, long waitedNanos) {

    public enum Kind {
        /** Send on {@link Grant#connection()}. */
        REUSE,
        /** Open a connection for {@link Grant#key()}, then report it with {@code created} or {@code createFailed}. */
        CREATE
    }

    public Grant {
        if (kind == null || key == null) {
            throw new IllegalArgumentException("kind and key are required");
        }
        if ((kind == Kind.REUSE) != (connection != null)) {
            throw new IllegalArgumentException("a REUSE grant carries a connection and a CREATE grant none");
        }
        if (waitedNanos < 0) {
            throw new IllegalArgumentException("waitedNanos must be zero or positive, got " + waitedNanos);
        }
    }
}
