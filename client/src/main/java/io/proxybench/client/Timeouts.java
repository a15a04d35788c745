package io.proxybench.client;

import java.time.Duration;

/**
 * A limit per phase, each positive.
 *
 * @param tcp TCP connect to the proxy (or origin)
 * @param tunnel CONNECT or SOCKS5 negotiation, proxy TLS included
 * @param tls TLS handshake with the origin
 * @param request from writing the request to the end of the response body
 */
public record Timeouts(Duration tcp, Duration tunnel, Duration tls, Duration request) {

    /**
     * Checks the limits.
     *
     * @param tcp TCP connect to the proxy (or origin)
     * @param tunnel CONNECT or SOCKS5 negotiation, proxy TLS included
     * @param tls TLS handshake with the origin
     * @param request from writing the request to the end of the response body
     * @throws IllegalArgumentException if a limit is zero or negative
     */
    public Timeouts {
        for (Duration d : new Duration[] {tcp, tunnel, tls, request}) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeout " + d + " must be positive");
            }
        }
    }

    /**
     * 10 s each for TCP, the tunnel and origin TLS; 30 s for the request.
     *
     * @return the default limits
     */
    public static Timeouts defaults() {
        return new Timeouts(Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(10),
                Duration.ofSeconds(30));
    }
}
