package io.proxybench.client.metrics;

import io.proxybench.client.pool.CloseReason;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Connection and request counters of one client, in total and per exit ({@link ExitLabel}). Updated from any
 * I/O thread; read through {@link #snapshot()}.
 */
public final class ClientCounters {

    private final Tally total = new Tally();
    private final Map<String, Tally> perExit = new ConcurrentHashMap<>();

    private Tally exit(String label) {
        return perExit.computeIfAbsent(label, k -> new Tally());
    }

    /** A new connection became usable after {@code handshakeBytes} on the wire (TCP payload, both ways). */
    public void created(String exit, long handshakeBytes) {
        for (Tally t : new Tally[] {total, exit(exit)}) {
            t.created.increment();
            t.handshakeBytes.add(handshakeBytes);
        }
    }

    /** A call got a connection; reused when it did not create it. */
    public void acquired(String exit, boolean reused) {
        if (reused) {
            total.reused.increment();
            exit(exit).reused.increment();
        }
    }

    /** A call finished (with a response or not), having moved these wire bytes. */
    public void request(String exit, long bytesOut, long bytesIn) {
        for (Tally t : new Tally[] {total, exit(exit)}) {
            t.requests.increment();
            t.bytesOut.add(bytesOut);
            t.bytesIn.add(bytesIn);
        }
    }

    /** Wire bytes no call was charged with: shared HTTP/2 frames, TLS alerts, bytes between calls. */
    public void unattributed(String exit, long bytesOut, long bytesIn) {
        for (Tally t : new Tally[] {total, exit(exit)}) {
            t.bytesOut.add(bytesOut);
            t.bytesIn.add(bytesIn);
        }
    }

    public void retried(String exit) {
        total.retries.increment();
        exit(exit).retries.increment();
    }

    public void closed(String exit, CloseReason reason) {
        total.closed.computeIfAbsent(reason.label(), k -> new LongAdder()).increment();
        exit(exit).closed.computeIfAbsent(reason.label(), k -> new LongAdder()).increment();
    }

    public Snapshot snapshot() {
        Map<String, Counts> exits = new TreeMap<>();
        perExit.forEach((k, v) -> exits.put(k, v.counts()));
        return new Snapshot(total.counts(), exits);
    }

    /** Totals and the same per exit. */
    public record Snapshot(Counts total, Map<String, Counts> perExit) {}

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

    private static final class Tally {
        final LongAdder created = new LongAdder();
        final LongAdder reused = new LongAdder();
        final LongAdder requests = new LongAdder();
        final LongAdder retries = new LongAdder();
        final LongAdder bytesOut = new LongAdder();
        final LongAdder bytesIn = new LongAdder();
        final LongAdder handshakeBytes = new LongAdder();
        final Map<String, LongAdder> closed = new ConcurrentHashMap<>();

        Counts counts() {
            Map<String, Long> byReason = new TreeMap<>();
            closed.forEach((k, v) -> byReason.put(k, v.sum()));
            return new Counts(created.sum(), reused.sum(), requests.sum(), retries.sum(), bytesOut.sum(),
                    bytesIn.sum(), handshakeBytes.sum(), byReason);
        }
    }
}
