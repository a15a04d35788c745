package io.proxybench.lab.gateway;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Live counters of one gateway; cheap to bump from any event loop, read through {@link #snapshot()}. */
public final class GatewayCounters {

    /**
     * Tunnel kinds: an HTTP/1.1 CONNECT tunnel, a SOCKS5 tunnel, one forwarded plain-HTTP request, and an HTTP/2
     * CONNECT stream (many of which share one client connection).
     */
    public enum Kind { CONNECT, SOCKS5, FORWARD, H2_CONNECT }

    private final LongAdder clientConnections = new LongAdder();
    /** Exact, unlike the adders: admission compares it against the connection limit. */
    private final AtomicLong openClientConnections = new AtomicLong();
    private final LongAdder refusedConnections = new LongAdder();
    private final LongAdder slowClientsDropped = new LongAdder();
    private final LongAdder h2ClientConnections = new LongAdder();
    private final LongAdder openH2ClientConnections = new LongAdder();
    private final Map<Kind, LongAdder> tunnels = new ConcurrentHashMap<>();
    private final LongAdder openTunnels = new LongAdder();
    private final LongAdder upstreamDials = new LongAdder();
    private final LongAdder upstreamDialFailures = new LongAdder();
    private final LongAdder upstreamReuses = new LongAdder();
    private final LongAdder forwardRetries = new LongAdder();
    private final LongAdder authFailures = new LongAdder();
    private final LongAdder badRequests = new LongAdder();
    private final LongAdder refusedDestinations = new LongAdder();
    /** Tunnels and forwarded requests open now per account, while a per-user limit applies; exact, as above. */
    private final Map<String, Integer> openPerUser = new ConcurrentHashMap<>();
    private final LongAdder overUserLimit = new LongAdder();
    private final LongAdder idleTimeouts = new LongAdder();
    private final Map<String, LongAdder> faults = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> tunnelsPerExit = new ConcurrentHashMap<>();

    /**
     * Admits a new client connection if fewer than {@code max} are open, else counts it refused.
     *
     * @return whether it was admitted; an admitted one must be matched by {@link #clientDisconnected()}
     */
    boolean clientConnected(int max) {
        long open;
        do {
            open = openClientConnections.get();
            if (open >= max) {
                refusedConnections.increment();
                return false;
            }
        } while (!openClientConnections.compareAndSet(open, open + 1));
        clientConnections.increment();
        return true;
    }

    void clientDisconnected() {
        openClientConnections.decrementAndGet();
    }

    /**
     * Takes one of {@code account}'s {@code max} slots for a tunnel or forwarded request if one is free, else counts
     * a refusal. An account's entry exists only while it has a slot taken.
     *
     * @return whether a slot was taken; a taken one must be matched by exactly one {@link #userSlotFreed}
     */
    boolean userSlotTaken(String account, int max) {
        boolean[] taken = {false};
        openPerUser.compute(account, (k, open) -> {
            int n = open == null ? 0 : open;
            if (n >= max) {
                return open;
            }
            taken[0] = true;
            return n + 1;
        });
        if (!taken[0]) {
            overUserLimit.increment();
        }
        return taken[0];
    }

    void userSlotFreed(String account) {
        openPerUser.computeIfPresent(account, (k, open) -> open == 1 ? null : open - 1);
    }

    /** A client dropped for not finishing its handshake and first request, or a later head, in the header timeout. */
    void slowClientDropped() {
        slowClientsDropped.increment();
    }

    /** A client connection (already counted as one) that chose HTTP/2 by ALPN. */
    void h2Connected() {
        h2ClientConnections.increment();
        openH2ClientConnections.increment();
    }

    void h2Disconnected() {
        openH2ClientConnections.decrement();
    }

    /** One tunnel (or forwarded request) assigned to the exit {@code ip}. */
    void tunnel(Kind kind, String ip) {
        tunnels.computeIfAbsent(kind, k -> new LongAdder()).increment();
        tunnelsPerExit.computeIfAbsent(ip, k -> new LongAdder()).increment();
    }

    void tunnelOpened() {
        openTunnels.increment();
    }

    void tunnelClosed() {
        openTunnels.decrement();
    }

    void upstreamDial() {
        upstreamDials.increment();
    }

    void upstreamDialFailure() {
        upstreamDialFailures.increment();
    }

    void upstreamReuse() {
        upstreamReuses.increment();
    }

    /** A forward request redialled after a pooled connection turned out closed. */
    void forwardRetry() {
        forwardRetries.increment();
    }

    void authFailure() {
        authFailures.increment();
    }

    void badRequest() {
        badRequests.increment();
    }

    void refusedDestination() {
        refusedDestinations.increment();
    }

    void idleTimeout() {
        idleTimeouts.increment();
    }

    void fault(String label) {
        faults.computeIfAbsent(label, k -> new LongAdder()).increment();
    }

    /** Zeroes every counter except the gauges of what is open now. */
    public void reset() {
        for (LongAdder a : new LongAdder[] {clientConnections, refusedConnections, slowClientsDropped, h2ClientConnections,
                upstreamDials, upstreamDialFailures, upstreamReuses, forwardRetries, authFailures, badRequests,
                refusedDestinations, overUserLimit, idleTimeouts}) {
            a.reset();
        }
        tunnels.clear();
        faults.clear();
        tunnelsPerExit.clear();
    }

    /**
     * Client connections open now, on both ports: a cheap read, for sampling every few milliseconds ({@link
     * #snapshot()} copies every per-exit count, thousands of entries after a rotating run).
     */
    public long openClientConnections() {
        return openClientConnections.get();
    }

    /** Tunnels open now (CONNECT, SOCKS5 and HTTP/2 CONNECT streams): a cheap read, like the one above. */
    public long openTunnels() {
        return openTunnels.sum();
    }

    public Snapshot snapshot() {
        Map<String, Long> byKind = new TreeMap<>();
        for (Kind kind : Kind.values()) {
            LongAdder a = tunnels.get(kind);
            byKind.put(kind.name().toLowerCase(java.util.Locale.ROOT), a == null ? 0 : a.sum());
        }
        return new Snapshot(clientConnections.sum(), openClientConnections.get(), refusedConnections.sum(),
                slowClientsDropped.sum(), h2ClientConnections.sum(),
                openH2ClientConnections.sum(), byKind, openTunnels.sum(),
                upstreamDials.sum(), upstreamDialFailures.sum(), upstreamReuses.sum(), forwardRetries.sum(),
                authFailures.sum(),
                badRequests.sum(), refusedDestinations.sum(), overUserLimit.sum(), idleTimeouts.sum(), sums(faults),
                sums(tunnelsPerExit));
    }

    private static Map<String, Long> sums(Map<String, LongAdder> adders) {
        Map<String, Long> out = new TreeMap<>();
        adders.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /**
     * Counters at one moment. {@code clientConnections} counts every client connection, {@code h2ClientConnections}
     * those of them that chose HTTP/2 on the {@code https://} port; {@code tunnels} counts by kind ({@code connect},
     * {@code socks5}, {@code forward}: each forwarded request counts once, as it gets its own exit;
     * {@code h2_connect}: one per HTTP/2 CONNECT stream given an exit), so tunnels against client connections show
     * how many tunnels each connection carried; {@code tunnelsPerExit} counts the same events by exit address.
     * {@code refusedConnections} are connections closed on arrival past the connection limit (not in
     * {@code clientConnections}); {@code slowClientsDropped} those closed at the header timeout; {@code badRequests}
     * includes request heads refused with 431 for their size; {@code refusedDestinations} includes refused ports;
     * {@code overUserLimit} counts tunnels and forwarded requests refused for the per-user concurrency limit.
     */
    public record Snapshot(
            @JsonProperty("client_connections") long clientConnections,
            @JsonProperty("open_client_connections") long openClientConnections,
            @JsonProperty("refused_connections") long refusedConnections,
            @JsonProperty("slow_clients_dropped") long slowClientsDropped,
            @JsonProperty("h2_client_connections") long h2ClientConnections,
            @JsonProperty("open_h2_client_connections") long openH2ClientConnections,
            @JsonProperty("tunnels") Map<String, Long> tunnels,
            @JsonProperty("open_tunnels") long openTunnels,
            @JsonProperty("upstream_dials") long upstreamDials,
            @JsonProperty("upstream_dial_failures") long upstreamDialFailures,
            @JsonProperty("upstream_reuses") long upstreamReuses,
            @JsonProperty("forward_retries") long forwardRetries,
            @JsonProperty("auth_failures") long authFailures,
            @JsonProperty("bad_requests") long badRequests,
            @JsonProperty("refused_destinations") long refusedDestinations,
            @JsonProperty("over_user_limit") long overUserLimit,
            @JsonProperty("idle_timeouts") long idleTimeouts,
            @JsonProperty("faults") Map<String, Long> faults,
            @JsonProperty("tunnels_per_exit") Map<String, Long> tunnelsPerExit) {

        public long tunnels(Kind kind) {
            return tunnels.getOrDefault(kind.name().toLowerCase(java.util.Locale.ROOT), 0L);
        }
    }
}
