package io.proxybench.analysis.stats;

import io.proxybench.records.RequestRecord;
import java.util.BitSet;

/**
 * How tunnels reached the proxy, from the records' {@code gateway_connection_id} and {@code conn}: distinct HTTP/2
 * connections to the proxy, distinct tunnels that were streams on them, and distinct tunnels with a connection of
 * their own. Ids are numbered per client process from 1, so a bit per id: about one bit per connection the run
 * opened. Over merged shards of several processes ids repeat, so the counts are then lower bounds.
 */
final class TunnelSharing {
    private final BitSet gateways = new BitSet();
    private final BitSet streams = new BitSet();
    private final BitSet sockets = new BitSet();
    /** Whether any record names its way to the proxy at all (the field is absent when direct or not recorded). */
    private boolean named;

    void add(RequestRecord r) {
        Long gateway = r.gatewayConnectionId();
        if (gateway == null) {
            return;
        }
        named = true;
        if (!fits(gateway)) {
            return;
        }
        if (gateway > 0) {
            gateways.set(gateway.intValue());
        }
        if (r.conn() != null && fits(r.conn())) {
            (gateway > 0 ? streams : sockets).set(r.conn().intValue());
        }
    }

    void add(TunnelSharing other) {
        gateways.or(other.gateways);
        streams.or(other.streams);
        sockets.or(other.sockets);
        named |= other.named;
    }

    boolean named() {
        return named;
    }

    long gatewayConnections() {
        return gateways.cardinality();
    }

    long streamTunnels() {
        return streams.cardinality();
    }

    long socketTunnels() {
        return sockets.cardinality();
    }

    private static boolean fits(long id) {
        return id >= 0 && id <= Integer.MAX_VALUE;
    }
}
