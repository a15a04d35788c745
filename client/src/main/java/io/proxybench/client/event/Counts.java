package io.proxybench.client.event;

import java.util.Map;
import java.util.TreeMap;

/**
 * Counts at one moment.
 *
 * @param created connections opened: each that became usable (a full handshake sequence: TCP, proxy, TLS), and each
 *     whose setup failed after its TCP handshake completed (a SOCKS5 authentication rejected, a CONNECT refused, a
 *     TLS handshake failed), so that 100 calls failing that way count 100; a TCP connect that failed or timed out
 *     opened none. A tunnel that is a CONNECT stream on a proxy's HTTP/2 connection counts as one.
 * @param reused acquisitions of an existing connection
 * @param requests calls that finished on a connection, with a response or with a failed exchange, retries included;
 *     a call whose setup failed is not one
 * @param retries calls sent again on a new connection after a reused one failed before any response byte
 * @param bytesOut wire bytes sent, handshakes included, those of failed setups too
 * @param bytesIn wire bytes received, on the same terms as {@code bytesOut}
 * @param handshakeBytes wire bytes spent before new connections were usable, and the whole of each failed setup's
 * @param closedByReason connections closed, by {@link CloseReason#label()}, ordered by label; reasons that never
 *     occurred are absent. A connection whose setup failed closes with {@link CloseReason#ERROR}, so that
 *     {@code created} less every close is what is still open.
 */
public record Counts(long created, long reused, long requests, long retries, long bytesOut, long bytesIn,
        long handshakeBytes, Map<String, Long> closedByReason) {

    /**
     * New connections per 1,000 requests: 1,000 when nothing is reused.
     *
     * @return {@code 1000 * created / requests}, or 0 without requests
     */
    public double handshakesPer1000() {
        return requests == 0 ? 0 : 1000.0 * created / requests;
    }

    /**
     * Share of acquisitions that reused a connection.
     *
     * @return {@code reused / (created + reused)}, from 0 to 1; 0 without acquisitions
     */
    public double reuseRate() {
        long acquisitions = created + reused;
        return acquisitions == 0 ? 0 : (double) reused / acquisitions;
    }

    /**
     * Mean wire bytes a new connection spent before it was usable, or until its setup failed.
     *
     * @return {@code handshakeBytes / created}, or 0 when no connection was created
     */
    public double handshakeBytesPerConnection() {
        return created == 0 ? 0 : (double) handshakeBytes / created;
    }

    /**
     * Wire bytes per finished request, both directions.
     *
     * @return {@code (bytesOut + bytesIn) / requests}, or 0 without requests
     */
    public double bytesPerRequest() {
        return requests == 0 ? 0 : (double) (bytesOut + bytesIn) / requests;
    }

    /**
     * These counts and {@code other}'s together (e.g. of several clients).
     *
     * @param other counts to add
     * @return the sums, closes merged by reason
     */
    public Counts plus(Counts other) {
        Map<String, Long> byReason = new TreeMap<>(closedByReason);
        other.closedByReason.forEach((reason, n) -> byReason.merge(reason, n, Long::sum));
        return new Counts(created + other.created, reused + other.reused, requests + other.requests,
                retries + other.retries, bytesOut + other.bytesOut, bytesIn + other.bytesIn,
                handshakeBytes + other.handshakeBytes, byReason);
    }

    /**
     * What happened since {@code earlier}, a snapshot of the same counters (e.g. after a warm-up).
     *
     * @param earlier an earlier snapshot of the same counters
     * @return the differences; close reasons whose count did not change are left out
     */
    public Counts since(Counts earlier) {
        Map<String, Long> byReason = new TreeMap<>(closedByReason);
        earlier.closedByReason.forEach((reason, n) -> byReason.merge(reason, -n, Long::sum));
        byReason.values().removeIf(n -> n == 0);
        return new Counts(created - earlier.created, reused - earlier.reused, requests - earlier.requests,
                retries - earlier.retries, bytesOut - earlier.bytesOut, bytesIn - earlier.bytesIn,
                handshakeBytes - earlier.handshakeBytes, byReason);
    }
}
