package io.proxybench.client;

import java.time.Duration;
import java.util.Objects;

/**
 * Time limits: one per connection-setup phase, the response's head, the wait between body bytes, and the whole call.
 * Immutable; built by name, e.g. {@code Timeouts.builder().connect(Duration.ofSeconds(5)).call(Duration.ofSeconds(30))
 * .build()}, unset limits keeping their {@linkplain #defaults() defaults}.
 */
public final class Timeouts {

    private static final Timeouts DEFAULTS = new Builder().build();

    private final Duration tcp;
    private final Duration tunnel;
    private final Duration tls;
    private final Duration responseHead;
    private final Duration readIdle;
    private final Duration call;

    private Timeouts(Builder b) {
        this.tcp = b.tcp;
        this.tunnel = b.tunnel;
        this.tls = b.tls;
        this.responseHead = b.responseHead;
        this.readIdle = b.readIdle;
        this.call = b.call;
    }

    /**
     * 10 s each for TCP, the tunnel and origin TLS; 30 s for the response's head and between body bytes; no limit on
     * the whole call (as OkHttp's and the JDK client's defaults: a large download may take as long as it takes).
     *
     * @return the default limits
     */
    public static Timeouts defaults() {
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
     * @return a new builder
     */
    public Builder toBuilder() {
        return new Builder().tcp(tcp).tunnel(tunnel).tls(tls).responseHead(responseHead).readIdle(readIdle).call(call);
    }

    /**
     * TCP connect to the proxy (or the origin, direct), per address tried.
     *
     * @return a positive duration
     */
    public Duration tcp() {
        return tcp;
    }

    /**
     * CONNECT or SOCKS5 negotiation, the proxy's TLS included.
     *
     * @return a positive duration
     */
    public Duration tunnel() {
        return tunnel;
    }

    /**
     * The TLS handshake with the origin.
     *
     * @return a positive duration
     */
    public Duration tls() {
        return tls;
    }

    /**
     * From the request's start to the end of the response's head.
     *
     * @return a positive duration
     */
    public Duration responseHead() {
        return responseHead;
    }

    /**
     * The longest wait for the next body bytes once the head has arrived; a streamed body's reader that falls behind
     * does not count against it.
     *
     * @return a positive duration
     */
    public Duration readIdle() {
        return readIdle;
    }

    /**
     * The whole call, from its start to the end of its body (a streamed one's too), retries and redirects included.
     *
     * @return a positive duration, or {@link Duration#ZERO} for none
     */
    public Duration call() {
        return call;
    }

    /**
     * The longest one call can take under these limits: its {@link #call()} timeout, or without one, every phase run
     * to its limit (TCP, tunnel, TLS, the response head and one wait between body bytes).
     *
     * @return a positive duration
     */
    public Duration longestCall() {
        return !call.isZero() ? call : tcp.plus(tunnel).plus(tls).plus(responseHead).plus(readIdle);
    }

    /**
     * These limits with another call timeout.
     *
     * @param call the whole call's limit; zero for none
     * @return new limits
     * @throws IllegalArgumentException if {@code call} is null or negative
     */
    public Timeouts withCall(Duration call) {
        return toBuilder().call(call).build();
    }

    /**
     * These limits with another response-head timeout.
     *
     * @param responseHead from the request's start to the response's head
     * @return new limits
     * @throws IllegalArgumentException if {@code responseHead} is null, zero or negative
     */
    public Timeouts withResponseHead(Duration responseHead) {
        return toBuilder().responseHead(responseHead).build();
    }

    /**
     * These limits with another read-idle timeout.
     *
     * @param readIdle the longest wait between body bytes
     * @return new limits
     * @throws IllegalArgumentException if {@code readIdle} is null, zero or negative
     */
    public Timeouts withReadIdle(Duration readIdle) {
        return toBuilder().readIdle(readIdle).build();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Timeouts t && tcp.equals(t.tcp) && tunnel.equals(t.tunnel) && tls.equals(t.tls)
                && responseHead.equals(t.responseHead) && readIdle.equals(t.readIdle) && call.equals(t.call);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tcp, tunnel, tls, responseHead, readIdle, call);
    }

    /**
     * The limits, e.g. {@code tcp 10s, tunnel 10s, tls 10s, response head 30s, read idle 30s, call none}.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return "tcp " + shown(tcp) + ", tunnel " + shown(tunnel) + ", tls " + shown(tls) + ", response head "
                + shown(responseHead) + ", read idle " + shown(readIdle) + ", call " + shown(call);
    }

    private static String shown(Duration d) {
        if (d.isZero()) {
            return "none";
        }
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }

    /** Limits under construction; each checked as it is set. Not thread-safe. */
    public static final class Builder {

        private Duration tcp = Duration.ofSeconds(10);
        private Duration tunnel = Duration.ofSeconds(10);
        private Duration tls = Duration.ofSeconds(10);
        private Duration responseHead = Duration.ofSeconds(30);
        private Duration readIdle = Duration.ofSeconds(30);
        private Duration call = Duration.ZERO;

        private Builder() {
        }

        /**
         * Sets all three connection-setup limits: TCP, the tunnel and origin TLS.
         *
         * @param limit a positive duration, for each phase
         * @return this builder
         * @throws IllegalArgumentException if {@code limit} is null, zero or negative
         */
        public Builder connect(Duration limit) {
            return tcp(limit).tunnel(limit).tls(limit);
        }

        /**
         * Sets {@link Timeouts#tcp()}.
         *
         * @param tcp a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code tcp} is null, zero or negative
         */
        public Builder tcp(Duration tcp) {
            this.tcp = check("tcp", tcp, false);
            return this;
        }

        /**
         * Sets {@link Timeouts#tunnel()}.
         *
         * @param tunnel a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code tunnel} is null, zero or negative
         */
        public Builder tunnel(Duration tunnel) {
            this.tunnel = check("tunnel", tunnel, false);
            return this;
        }

        /**
         * Sets {@link Timeouts#tls()}.
         *
         * @param tls a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code tls} is null, zero or negative
         */
        public Builder tls(Duration tls) {
            this.tls = check("tls", tls, false);
            return this;
        }

        /**
         * Sets {@link Timeouts#responseHead()}.
         *
         * @param responseHead a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code responseHead} is null, zero or negative
         */
        public Builder responseHead(Duration responseHead) {
            this.responseHead = check("responseHead", responseHead, false);
            return this;
        }

        /**
         * Sets {@link Timeouts#readIdle()}.
         *
         * @param readIdle a positive duration
         * @return this builder
         * @throws IllegalArgumentException if {@code readIdle} is null, zero or negative
         */
        public Builder readIdle(Duration readIdle) {
            this.readIdle = check("readIdle", readIdle, false);
            return this;
        }

        /**
         * Sets {@link Timeouts#call()}.
         *
         * @param call a positive duration, or zero for none
         * @return this builder
         * @throws IllegalArgumentException if {@code call} is null or negative
         */
        public Builder call(Duration call) {
            this.call = check("call", call, true);
            return this;
        }

        /**
         * The limits.
         *
         * @return new immutable limits
         */
        public Timeouts build() {
            return new Timeouts(this);
        }

        private static Duration check(String name, Duration d, boolean zeroIsNone) {
            if (d == null || d.isNegative() || (d.isZero() && !zeroIsNone)) {
                throw new IllegalArgumentException("the " + name + " timeout " + (d == null ? "is missing" : "is " + d)
                        + ": it must be positive" + (zeroIsNone ? " (or zero for none)" : ""));
            }
            return d;
        }
    }
}
