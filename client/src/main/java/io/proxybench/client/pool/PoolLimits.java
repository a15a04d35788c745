package io.proxybench.client.pool;

import java.time.Duration;

/**
 * Caps and lifetimes of a {@link ConnectionPool}. Caps count open connections plus slots reserved for connections
 * being created.
 *
 * @param maxPerKey connections per pool key (origin, proxy, credentials/session, TLS settings), at least 1
 * @param maxPerExit connections per exit (proxy endpoint and credentials) across all keys using it, at least 1
 * @param maxTotal connections in the pool, at least 1
 * @param keepAlive how long a connection with no request in flight is kept; {@link Duration#ZERO} means never reuse:
 *     a connection is closed when its request ends ({@link CloseReason#KEEP_ALIVE_ZERO})
 * @param maxAge age after which a connection takes no new request and closes once idle; {@code null} for none
 * @param maxRequestsPerConnection requests a connection carries before it closes; 0 for unlimited
 * @param acquireTimeout how long an acquire may wait for a slot; {@link Duration#ZERO} fails at once when none is free
 */
public record PoolLimits(
        int maxPerKey,
        int maxPerExit,
        int maxTotal,
        Duration keepAlive,
        Duration maxAge,
        int maxRequestsPerConnection,
        Duration acquireTimeout) {

    public PoolLimits {
        requireAtLeastOne(maxPerKey, "maxPerKey");
        requireAtLeastOne(maxPerExit, "maxPerExit");
        requireAtLeastOne(maxTotal, "maxTotal");
        requireNonNegative(keepAlive, "keepAlive");
        if (maxAge != null) {
            requireNonNegative(maxAge, "maxAge");
        }
        if (maxRequestsPerConnection < 0) {
            throw new IllegalArgumentException("maxRequestsPerConnection must be 0 (unlimited) or more, got "
                    + maxRequestsPerConnection);
        }
        requireNonNegative(acquireTimeout, "acquireTimeout");
    }

    /** 64 per key, 64 per exit, 1024 in total, keep-alive 60 s, no maximum age, unlimited requests, 30 s to acquire. */
    public static PoolLimits defaults() {
        return new PoolLimits(64, 64, 1024, Duration.ofSeconds(60), null, 0, Duration.ofSeconds(30));
    }

    long keepAliveNanos() {
        return nanos(keepAlive);
    }

    /** {@link Long#MAX_VALUE} when there is no maximum age. */
    long maxAgeNanos() {
        return maxAge == null ? Long.MAX_VALUE : nanos(maxAge);
    }

    long acquireTimeoutNanos() {
        return nanos(acquireTimeout);
    }

    /** The duration in nanoseconds, saturated at {@link Long#MAX_VALUE} (about 292 years). */
    static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    static void requireNonNegative(Duration d, String name) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or positive, got " + d);
        }
    }

    private static void requireAtLeastOne(int cap, String name) {
        if (cap < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + cap);
        }
    }
}
