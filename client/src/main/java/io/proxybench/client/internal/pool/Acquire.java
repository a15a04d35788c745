package io.proxybench.client.internal.pool;

/**
 * What one acquire asks the pool for, beside its key.
 *
 * @param fresh a new connection, never an open one (a retry on a new tunnel)
 * @param expectMultiplexing the key's connections are expected to carry concurrent requests (its origin negotiated
 *     h2 before): while one opens, the key's other acquires wait for its streams
 */
public record Acquire(boolean fresh, boolean expectMultiplexing) {

    /** Any connection of the key, no expectation. */
    public static final Acquire ANY = new Acquire(false, false);
    /** A new connection. */
    public static final Acquire FRESH = new Acquire(true, false);
    private static final Acquire ANY_MULTIPLEXED = new Acquire(false, true);
    private static final Acquire FRESH_MULTIPLEXED = new Acquire(true, true);

    /** One of the four values, none allocated: an acquire is made per request. */
    public static Acquire of(boolean fresh, boolean expectMultiplexing) {
        if (expectMultiplexing) {
            return fresh ? FRESH_MULTIPLEXED : ANY_MULTIPLEXED;
        }
        return fresh ? FRESH : ANY;
    }
}
