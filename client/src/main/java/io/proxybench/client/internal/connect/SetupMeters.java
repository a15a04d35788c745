package io.proxybench.client.internal.connect;

import io.proxybench.client.internal.metrics.WireMeter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The meters of the connections (and CONNECT streams) one setup opened for itself: what they counted is what the
 * setup cost if it fails, and whether any of them got connected (its TCP handshake completed, or its stream opened)
 * says whether the setup had a connection of its own. Added to and read from any thread.
 */
final class SetupMeters {
    private final List<WireMeter> meters = new CopyOnWriteArrayList<>();
    /** The meters, among {@link #meters}, whose connection or stream was opened. */
    private final Set<WireMeter> connected = ConcurrentHashMap.newKeySet();

    void add(WireMeter meter) {
        meters.add(meter);
    }

    /** {@code meter}'s connection completed its TCP handshake, or its stream was opened. */
    void connected(WireMeter meter) {
        connected.add(meter);
    }

    /** {@code meter}'s connection is not the setup's after all: neither its bytes nor its opening count. */
    void remove(WireMeter meter) {
        meters.remove(meter);
        connected.remove(meter);
    }

    long bytesOut() {
        return meters.stream().mapToLong(WireMeter::bytesOut).sum();
    }

    long bytesIn() {
        return meters.stream().mapToLong(WireMeter::bytesIn).sum();
    }

    /** Whether a connection (or stream) the setup opened for itself got connected. */
    boolean opened() {
        return !connected.isEmpty();
    }
}
