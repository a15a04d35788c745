package io.proxybench.client;

import java.time.Duration;

/**
 * Time limits: one per connection-setup phase, the response's head, the wait between body bytes, and the whole call.
 *
 * @param tcp TCP connect to the proxy (or origin)
 * @param tunnel CONNECT or SOCKS5 negotiation, proxy TLS included
 * @param tls TLS handshake with the origin
 * @param responseHead from the request's start to the end of the response's head
 * @param readIdle the longest wait for the next body bytes once the head has arrived; a streamed body's reader that
 *     falls behind does not count against it
 * @param call the whole call, from its start to the end of its body (a streamed one's too), retries included; {@link
 *     Duration#ZERO} for none
 */
public record Timeouts(Duration tcp, Duration tunnel, Duration tls, Duration responseHead, Duration readIdle,
        Duration call) {

    /**
     * Checks the limits.
     *
     * @param tcp TCP connect to the proxy (or origin)
     * @param tunnel CONNECT or SOCKS5 negotiation, proxy TLS included
     * @param tls TLS handshake with the origin
     * @param responseHead from the request's start to the end of the response's head
     * @param readIdle the longest wait for the next body bytes
     * @param call the whole call; zero for none
     * @throws IllegalArgumentException if a limit is null, negative, or zero (but {@code call}, where zero is none)
     */
    public Timeouts {
        check("tcp", tcp, false);
        check("tunnel", tunnel, false);
        check("tls", tls, false);
        check("responseHead", responseHead, false);
        check("readIdle", readIdle, false);
        check("call", call, true);
    }

    private static void check(String name, Duration d, boolean zeroIsNone) {
        if (d == null || d.isNegative() || (d.isZero() && !zeroIsNone)) {
            throw new IllegalArgumentException("the " + name + " timeout " + (d == null ? "is missing" : "is " + d)
                    + ": it must be positive" + (zeroIsNone ? " (or zero for none)" : ""));
        }
    }

    /**
     * 10 s each for TCP, the tunnel and origin TLS; 30 s for the response's head and between body bytes; no limit on
     * the whole call (as OkHttp's and the JDK client's defaults: a large download may take as long as it takes).
     *
     * @return the default limits
     */
    public static Timeouts defaults() {
        return new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10),
                Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ZERO);
    }

    /**
     * These limits with another call timeout.
     *
     * @param call the whole call's limit; zero for none
     * @return new limits
     */
    public Timeouts withCall(Duration call) {
        return new Timeouts(tcp, tunnel, tls, responseHead, readIdle, call);
    }

    /**
     * These limits with another response-head timeout.
     *
     * @param responseHead from the request's start to the response's head
     * @return new limits
     */
    public Timeouts withResponseHead(Duration responseHead) {
        return new Timeouts(tcp, tunnel, tls, responseHead, readIdle, call);
    }

    /**
     * These limits with another read-idle timeout.
     *
     * @param readIdle the longest wait between body bytes
     * @return new limits
     */
    public Timeouts withReadIdle(Duration readIdle) {
        return new Timeouts(tcp, tunnel, tls, responseHead, readIdle, call);
    }
}
