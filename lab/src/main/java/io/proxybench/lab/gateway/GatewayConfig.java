package io.proxybench.lab.gateway;

import io.proxybench.lab.faults.FaultPlan;
import io.proxybench.lab.faults.LatencyPlan;
import java.time.Duration;

/**
 * How a lab gateway behaves.
 *
 * @param host the address it listens on (loopback by default)
 * @param port 0 for an ephemeral port
 * @param tlsPort the {@code https://} proxy port, 0 for an ephemeral one
 * @param forwardIdleCap idle upstream connections kept per exit and destination in forward mode (Go's
 *     {@code DefaultMaxIdleConnsPerHost} is 2); busy connections are not capped
 * @param forwardIdleTimeout how long an idle forward-mode upstream connection is kept
 * @param maxHeaderBytes the largest HTTP request head accepted (431 past it)
 * @param idleTimeout a client connection or tunnel with no traffic either way for this long is closed
 * @param headerTimeout how long a new client connection has to finish its TLS handshake (on the {@code https://}
 *     port) and its first request: an HTTP request head, a SOCKS5 negotiation up to its command, or the ALPN choice
 *     of HTTP/2; and a kept-alive HTTP/1.1 connection has as long for each later head from its first byte; a client
 *     slower than that (silent, or a slowloris trickling bytes) is dropped
 * @param maxClientConnections client connections open at once on both ports together; one more is closed as soon
 *     as it is accepted
 * @param maxConcurrencyPerUser a plan's maximum concurrency: tunnels (CONNECT, SOCKS5, HTTP/2 CONNECT streams) and
 *     forwarded requests open at once per account (the username without its session parameters; all callers without
 *     credentials are one account); one more is refused (HTTP 429, SOCKS5 "not allowed by ruleset") and a slot frees
 *     when its tunnel or forwarded exchange ends; 0 for no limit
 * @param connectTimeout how long an exit may take to connect to the target
 * @param h2MaxStreams the {@code SETTINGS_MAX_CONCURRENT_STREAMS} an HTTP/2 client of the {@code https://} port is
 *     told: CONNECT streams (so tunnels) open at once on one client connection; a stream past it is refused
 * @param h2MaxResets RST_STREAM frames an HTTP/2 client connection may send in {@link #H2_RESET_WINDOW} before the
 *     gateway closes it, the guard against "rapid reset" floods (CVE-2023-44487) that HTTP/2 servers have; Netty's
 *     servers allow {@value #NETTY_H2_MAX_RESETS}; 0 for no guard
 * @param h2 whether the {@code https://} port offers ALPN {@code h2} beside {@code http/1.1}; without it every
 *     client lands on HTTP/1.1, as behind a proxy that has no HTTP/2
 * @param latency the latency injected when the gateway starts; {@link GatewayServer#injection()} may replace it
 * @param faults the faults injected when the gateway starts; {@link GatewayServer#injection()} may replace them
 */
public record GatewayConfig(
        String host,
        int port,
        int tlsPort,
        ProxyAuth auth,
        ConnectReply connectReply,
        int forwardIdleCap,
        Duration forwardIdleTimeout,
        int maxHeaderBytes,
        Duration idleTimeout,
        Duration headerTimeout,
        int maxClientConnections,
        int maxConcurrencyPerUser,
        Duration connectTimeout,
        int h2MaxStreams,
        int h2MaxResets,
        boolean h2,
        DestinationPolicy destinations,
        LatencyPlan latency,
        FaultPlan faults) {

    /** The window {@code h2MaxResets} counts over. */
    public static final Duration H2_RESET_WINDOW = Duration.ofSeconds(30);
    /** Netty's default {@code h2MaxResets} for servers. */
    public static final int NETTY_H2_MAX_RESETS = 200;

    /**
     * The default {@code maxClientConnections}: room for ten thousand tunnels (each one client connection over
     * HTTP/1.1 or SOCKS5) twice over, well under a raised open-files limit of 65,536 given each tunnel's upstream.
     */
    public static final int DEFAULT_MAX_CLIENT_CONNECTIONS = 20_000;

    public GatewayConfig {
        if (maxClientConnections < 1) {
            throw new IllegalArgumentException("max client connections " + maxClientConnections + " is below 1");
        }
        if (maxConcurrencyPerUser < 0) {
            throw new IllegalArgumentException("max concurrency per user " + maxConcurrencyPerUser
                    + " is negative; use 0 for no limit");
        }
        if (forwardIdleCap < 0) {
            throw new IllegalArgumentException("forward idle cap " + forwardIdleCap + " is negative");
        }
        if (h2MaxStreams < 1) {
            throw new IllegalArgumentException("HTTP/2 max concurrent streams " + h2MaxStreams + " is below 1");
        }
        if (h2MaxResets < 0) {
            throw new IllegalArgumentException("HTTP/2 max resets " + h2MaxResets + " is negative");
        }
        if (maxHeaderBytes < 256) {
            throw new IllegalArgumentException("max header bytes " + maxHeaderBytes + " is below 256");
        }
    }

    public static GatewayConfig defaults() {
        return new GatewayConfig("127.0.0.1", 0, 0, ProxyAuth.open(), ConnectReply.EARLY, 2, Duration.ofSeconds(90),
                8192, Duration.ofMinutes(5), Duration.ofSeconds(10), DEFAULT_MAX_CLIENT_CONNECTIONS, 0,
                Duration.ofSeconds(10), 100, NETTY_H2_MAX_RESETS, true,
                DestinationPolicy.loopbackAnd(java.util.List.of()), LatencyPlan.NONE, FaultPlan.NONE);
    }
}
