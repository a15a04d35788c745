package io.proxybench.client.event;

import java.util.Map;
import java.util.TreeMap;

/**
 * Counts at one moment.
 *
 * @param created connections opened (each a full handshake sequence: TCP, proxy, TLS)
 * @param reused acquisitions of an existing connection
 * @param requests calls finished, retries included
 * @param bytesOut wire bytes sent, handshakes included
 * @param handshakeBytes wire bytes spent before new connections were usable
 */
public record Counts(long created, long reused, long requests, long retries, long bytesOut, long bytesIn,
        long handshakeBytes, Map<String, Long> closedByReason) {

    /** New connections per 1,000 requests: 1,000 when nothing is reused. */
    public double handshakesPer1000() {
        return requests == 0 ? 0 : 1000.0 * created / requests;
    }

    /** Share of acquisitions that reused a connection. */
    public double reuseRate() {
        long acquisitions = created + reused;
        return acquisitions == 0 ? 0 : (double) reused / acquisitions;
    }

    public double handshakeBytesPerConnection() {
        return created == 0 ? 0 : (double) handshakeBytes / created;
    }

    /** Wire bytes per finished request, both directions. */
    public double bytesPerRequest() {
        return requests == 0 ? 0 : (double) (bytesOut + bytesIn) / requests;
    }

    /** These counts and {@code other}'s together (e.g. of several clients). */
    public Counts plus(Counts other) {
        Map<String, Long> byReason = new TreeMap<>(closedByReason);
        other.closedByReason.forEach((reason, n) -> byReason.merge(reason, n, Long::sum));
        return new Counts(created + other.created, reused + other.reused, requests + other.requests,
                retries + other.retries, bytesOut + other.bytesOut, bytesIn + other.bytesIn,
                handshakeBytes + other.handshakeBytes, byReason);
    }

    /** What happened since {@code earlier}, a snapshot of the same counters (e.g. after a warm-up). */
    public Counts since(Counts earlier) {
        Map<String, Long> byReason = new TreeMap<>(closedByReason);
        earlier.closedByReason.forEach((reason, n) -> byReason.merge(reason, -n, Long::sum));
        byReason.values().removeIf(n -> n == 0);
        return new Counts(created - earlier.created, reused - earlier.reused, requests - earlier.requests,
                retries - earlier.retries, bytesOut - earlier.bytesOut, bytesIn - earlier.bytesIn,
                handshakeBytes - earlier.handshakeBytes, byReason);
    }
}
