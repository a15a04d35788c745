package io.proxybench.client;

import java.time.Duration;
import java.util.Objects;

/**
 * Caps and lifetimes of the client's connection pool, built by name:
 * {@code PoolLimits.builder().maxPerKey(8).keepAlive(Duration.ZERO).build()}. Caps count open connections plus
 * connections being opened. Immutable; unset fields keep their {@linkplain #defaults() defaults}.
 */
public final class PoolLimits {

    private static final PoolLimits DEFAULTS = new Builder().build();

    private final int maxPerKey;
    private final int maxPerExit;
    private final int maxTotal;
    private final Duration keepAlive;
    private final Duration maxAge;
    private final int maxRequestsPerConnection;
    private final Duration acquireTimeout;

    private PoolLimits(Builder b) {
        this.maxPerKey = b.maxPerKey;
        this.maxPerExit = b.maxPerExit;
        this.maxTotal = b.maxTotal;
        this.keepAlive = b.keepAlive;
        this.maxAge = b.maxAge;
        this.maxRequestsPerConnection = b.maxRequestsPerConnection;
        this.acquireTimeout = b.acquireTimeout;
    }

    /**
     * 64 connections per key, 64 per exit, 1,024 in total, keep-alive 60 s, no maximum age, unlimited requests per
     * connection, 30 s to wait for a slot.
     *
     * @return the default limits
     */
    public static PoolLimits defaults() {
        return DEFAULTS;
    }

    /**
     * A builder starting from the {@linkplain #defaults() defaults}.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder starting from these limits.
     *
     * @return a new builder holding these limits
     */
    public Builder toBuilder() {
        return new Builder().maxPerKey(maxPerKey).maxPerExit(maxPerExit).maxTotal(maxTotal).keepAlive(keepAlive)
                .maxAge(maxAge).maxRequestsPerConnection(maxRequestsPerConnection).acquireTimeout(acquireTimeout);
    }

    /**
     * Connections per pool key: requests share a connection only with the same origin, proxy, proxy credentials
     * (so the same session) and TLS settings.
     *
     * @return at least 1
     */
    public int maxPerKey() {
        return maxPerKey;
    }

    /**
     * Connections per exit (proxy endpoint and credentials) across all keys that use it.
     *
     * @return at least 1
     */
    public int maxPerExit() {
        return maxPerExit;
    }

    /**
     * Connections in the whole pool.
     *
     * @return at least 1
     */
    public int maxTotal() {
        return maxTotal;
    }

    /**
     * How long a connection with no request in flight is kept open. {@link Duration#ZERO} means never reuse: a
     * connection closes when its request ends.
     *
     * @return zero or positive
     */
    public Duration keepAlive() {
        return keepAlive;
    }

    /**
     * The age after which a connection takes no new request and closes once idle.
     *
     * @return the maximum age, or null for none
     */
    public Duration maxAge() {
        return maxAge;
    }

    /**
     * Requests a connection carries before it closes.
     *
     * @return 0 for unlimited, or more
     */
    public int maxRequestsPerConnection() {
        return maxRequestsPerConnection;
    }

    /**
     * How long a request may wait for a connection slot before it fails; {@link Duration#ZERO} fails at once when
     * none is free.
     *
     * @return zero or positive
     */
    public Duration acquireTimeout() {
        return acquireTimeout;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PoolLimits l && maxPerKey == l.maxPerKey && maxPerExit == l.maxPerExit
                && maxTotal == l.maxTotal && keepAlive.equals(l.keepAlive) && Objects.equals(maxAge, l.maxAge)
                && maxRequestsPerConnection == l.maxRequestsPerConnection && acquireTimeout.equals(l.acquireTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxPerKey, maxPerExit, maxTotal, keepAlive, maxAge, maxRequestsPerConnection,
                acquireTimeout);
    }

    @Override
    public String toString() {
        return "PoolLimits[maxPerKey=" + maxPerKey + ", maxPerExit=" + maxPerExit + ", maxTotal=" + maxTotal
                + ", keepAlive=" + keepAlive + ", maxAge=" + maxAge + ", maxRequestsPerConnection="
                + maxRequestsPerConnection + ", acquireTimeout=" + acquireTimeout + "]";
    }

    /** Sets limits by name; each setter checks its value at once, naming the field. */
    public static final class Builder {
        private int maxPerKey = 64;
        private int maxPerExit = 64;
        private int maxTotal = 1024;
        private Duration keepAlive = Duration.ofSeconds(60);
        private Duration maxAge;
        private int maxRequestsPerConnection;
        private Duration acquireTimeout = Duration.ofSeconds(30);

        private Builder() {}

        /**
         * Connections per pool key (default 64).
         *
         * @param connections at least 1
         * @return this builder
         * @throws IllegalArgumentException when less than 1
         */
        public Builder maxPerKey(int connections) {
            this.maxPerKey = atLeastOne(connections, "maxPerKey");
            return this;
        }

        /**
         * Connections per exit, across the keys that use it (default 64).
         *
         * @param connections at least 1
         * @return this builder
         * @throws IllegalArgumentException when less than 1
         */
        public Builder maxPerExit(int connections) {
            this.maxPerExit = atLeastOne(connections, "maxPerExit");
            return this;
        }

        /**
         * Connections in the whole pool (default 1,024).
         *
         * @param connections at least 1
         * @return this builder
         * @throws IllegalArgumentException when less than 1
         */
        public Builder maxTotal(int connections) {
            this.maxTotal = atLeastOne(connections, "maxTotal");
            return this;
        }

        /**
         * How long an idle connection is kept (default 60 s); zero closes each connection after its request.
         *
         * @param keepAlive zero or positive
         * @return this builder
         * @throws IllegalArgumentException when null or negative
         */
        public Builder keepAlive(Duration keepAlive) {
            this.keepAlive = nonNegative(keepAlive, "keepAlive");
            return this;
        }

        /**
         * The age after which a connection takes no new request (default none).
         *
         * @param maxAge zero or positive, or null for none
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxAge(Duration maxAge) {
            this.maxAge = maxAge == null ? null : nonNegative(maxAge, "maxAge");
            return this;
        }

        /**
         * Requests a connection carries before it closes (default 0, unlimited).
         *
         * @param requests 0 for unlimited, or more
         * @return this builder
         * @throws IllegalArgumentException when negative
         */
        public Builder maxRequestsPerConnection(int requests) {
            if (requests < 0) {
                throw new IllegalArgumentException("maxRequestsPerConnection must be 0 (unlimited) or more, got "
                        + requests);
            }
            this.maxRequestsPerConnection = requests;
            return this;
        }

        /**
         * How long a request may wait for a connection slot (default 30 s).
         *
         * @param timeout zero or positive
         * @return this builder
         * @throws IllegalArgumentException when null or negative
         */
        public Builder acquireTimeout(Duration timeout) {
            this.acquireTimeout = nonNegative(timeout, "acquireTimeout");
            return this;
        }

        /**
         * The limits set so far.
         *
         * @return immutable limits
         */
        public PoolLimits build() {
            return new PoolLimits(this);
        }

        private static int atLeastOne(int cap, String name) {
            if (cap < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, got " + cap);
            }
            return cap;
        }

        private static Duration nonNegative(Duration d, String name) {
            if (d == null || d.isNegative()) {
                throw new IllegalArgumentException(name + " must be zero or positive, got " + d);
            }
            return d;
        }
    }
}
