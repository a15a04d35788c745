package io.proxybench.client.internal.metrics;

import io.proxybench.client.event.ClientCounts;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.Counts;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Connection and request counters of one client, in total and per exit ({@link ExitLabel}): each event counts in
 * both tallies, by a call on each (no array or list per event: {@link #request} is on every call's path). Updated
 * from any I/O thread; read through {@link #snapshot()}.
 */
public final class ClientCounters {

    private final Tally total = new Tally();
    private final Map<String, Tally> perExit = new ConcurrentHashMap<>();

    private Tally exit(String label) {
        return perExit.computeIfAbsent(label, k -> new Tally());
    }

    /**
     * A new connection became usable after {@code handshakeBytes} on the wire (TCP payload, both ways); they are
     * charged to requests with the call that opened it.
     */
    public void created(String exit, long handshakeBytes) {
        total.created(handshakeBytes);
        exit(exit).created(handshakeBytes);
    }

    /**
     * A connection opened for a call failed its setup after its TCP handshake completed (a proxy handshake, the
     * tunnel or TLS failed), having carried these wire bytes until it closed: it counts as created and as closed
     * with {@link CloseReason#ERROR}, and its bytes as handshake bytes and as bytes out and in.
     */
    public void setupFailed(String exit, long bytesOut, long bytesIn) {
        total.setupFailed(bytesOut, bytesIn);
        exit(exit).setupFailed(bytesOut, bytesIn);
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
        total.request(bytesOut, bytesIn);
        exit(exit).request(bytesOut, bytesIn);
    }

    /** Wire bytes no call was charged with: shared HTTP/2 frames, TLS alerts, bytes between calls. */
    public void unattributed(String exit, long bytesOut, long bytesIn) {
        total.moved(bytesOut, bytesIn);
        exit(exit).moved(bytesOut, bytesIn);
    }

    public void retried(String exit) {
        total.retries.increment();
        exit(exit).retries.increment();
    }

    public void closed(String exit, CloseReason reason) {
        total.closed(reason);
        exit(exit).closed(reason);
    }

    public ClientCounts snapshot() {
        Map<String, Counts> exits = new TreeMap<>();
        perExit.forEach((k, v) -> exits.put(k, v.counts()));
        return new ClientCounts(total.counts(), exits);
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

        void created(long handshake) {
            created.increment();
            handshakeBytes.add(handshake);
        }

        void setupFailed(long out, long in) {
            created(out + in);
            moved(out, in);
            closed(CloseReason.ERROR);
        }

        void request(long out, long in) {
            requests.increment();
            moved(out, in);
        }

        void moved(long out, long in) {
            bytesOut.add(out);
            bytesIn.add(in);
        }

        void closed(CloseReason reason) {
            closed.computeIfAbsent(reason.label(), k -> new LongAdder()).increment();
        }

        Counts counts() {
            Map<String, Long> byReason = new TreeMap<>();
            closed.forEach((k, v) -> byReason.put(k, v.sum()));
            return new Counts(created.sum(), reused.sum(), requests.sum(), retries.sum(), bytesOut.sum(),
                    bytesIn.sum(), handshakeBytes.sum(), byReason);
        }
    }
}
