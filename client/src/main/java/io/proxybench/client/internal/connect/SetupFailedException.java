package io.proxybench.client.internal.connect;

/**
 * A connection could not be set up. The cause is the failed phase's own error (a refused CONNECT, a TLS alert, a
 * timeout); the counts are the wire bytes the setup cost: every byte (TCP payload both ways, TLS records included)
 * that the connections it opened for itself carried until they closed. A tunnel that was a stream of a shared
 * HTTP/2 connection to a proxy counts its own payload only, as an established one does: its CONNECT and answer
 * frames, and that connection's TLS and framing, are not in the counts.
 */
public final class SetupFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long bytesOut;
    private final long bytesIn;

    public SetupFailedException(Throwable cause, long bytesOut, long bytesIn) {
        super(cause.getMessage(), cause, false, false);
        this.bytesOut = bytesOut;
        this.bytesIn = bytesIn;
    }

    /** Wire bytes the setup sent. */
    public long bytesOut() {
        return bytesOut;
    }

    /** Wire bytes the setup received. */
    public long bytesIn() {
        return bytesIn;
    }
}
