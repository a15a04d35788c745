package io.proxybench.recorder.jdk;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a {@link TappedEngine} learned of its connection: the id the recorder gave it, and when its TLS handshake ran
 * (nanoseconds on the recorder's clock). One per TLS connection the client opened; it lives as long as the connection.
 */
final class ConnectionTap {

    private static final long UNSET = -1;

    private final long id;
    private final AtomicBoolean served = new AtomicBoolean();
    private volatile long handshakeStart = UNSET;
    private volatile long handshakeEnd = UNSET;

    ConnectionTap(long id) {
        this.id = id;
    }

    long id() {
        return id;
    }

    /** Whether this is the first response the recorder sees on the connection, once true. */
    boolean firstResponse() {
        return served.compareAndSet(false, true);
    }

    void handshakeStarted(long nanos) {
        if (handshakeStart == UNSET) {
            handshakeStart = nanos;
        }
    }

    void handshakeFinished(long nanos) {
        if (handshakeEnd == UNSET && handshakeStart != UNSET) {
            handshakeEnd = nanos;
        }
    }

    /** The handshake's length in nanoseconds, -1 while it has not finished. */
    long handshakeNanos() {
        long end = handshakeEnd;
        return end == UNSET ? UNSET : end - handshakeStart;
    }

    /** When the handshake finished, -1 while it has not. */
    long handshakeEnd() {
        return handshakeEnd;
    }
}
