package io.proxybench.client.internal.connect;

import io.proxybench.client.internal.metrics.WireMeter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The meters of the connections (and CONNECT streams) one setup opened for itself: what they counted is what the
 * setup cost if it fails. Added to and read from any thread.
 */
final class SetupMeters {
    private final List<WireMeter> meters = new CopyOnWriteArrayList<>();

    void add(WireMeter meter) {
        meters.add(meter);
    }

    void remove(WireMeter meter) {
        meters.remove(meter);
    }

    long bytesOut() {
        return meters.stream().mapToLong(WireMeter::bytesOut).sum();
    }

    long bytesIn() {
        return meters.stream().mapToLong(WireMeter::bytesIn).sum();
    }
}
