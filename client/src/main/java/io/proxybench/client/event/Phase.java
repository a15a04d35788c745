package io.proxybench.client.event;

import java.util.Locale;

/**
 * The phases of a proxied call, in order. A call skips the phases its route does not have: a reused connection
 * has only {@link #QUEUE} (when it waited) and {@link #REQUEST}; a direct one has no {@link #CONNECT},
 * {@link #SOCKS} or {@link #PROXY_TLS}.
 */
public enum Phase {
    /** Waiting for a pool slot. */
    QUEUE,
    /** Resolving a name on the client (direct and {@code socks5://} routes). */
    DNS,
    /** TCP to the proxy, or to the origin when direct. */
    TCP,
    /** TLS to an {@code https://} proxy. */
    PROXY_TLS,
    /** HTTP CONNECT: request sent to reply received. */
    CONNECT,
    /** SOCKS5 greeting, auth and connect. */
    SOCKS,
    /** TLS to the origin, through the tunnel (includes the exit's setup when the gateway replies early). */
    TLS,
    /** Request written to the end of the response body. */
    REQUEST;

    /**
     * The name used in records and error labels, e.g. {@code proxy_tls}.
     *
     * @return the constant's name in lower case
     */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
