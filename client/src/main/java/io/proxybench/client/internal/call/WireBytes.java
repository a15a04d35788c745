package io.proxybench.client.internal.call;

import io.proxybench.client.CallException;

/**
 * Wire bytes an attempt or a call cost (TCP payload, TLS and proxy handshakes included): sent, received, and the part
 * of them that set connections up. {@link #UNKNOWN} when the client could not tell.
 */
record WireBytes(long out, long in, long handshake) {
    static final WireBytes NONE = new WireBytes(0, 0, 0);
    static final WireBytes UNKNOWN = new WireBytes(CallException.UNKNOWN, CallException.UNKNOWN,
            CallException.UNKNOWN);

    /** Both together; unknown when either is. */
    WireBytes plus(WireBytes other) {
        return equals(UNKNOWN) || other.equals(UNKNOWN) ? UNKNOWN
                : new WireBytes(out + other.out, in + other.in, handshake + other.handshake);
    }
}
