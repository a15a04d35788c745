package io.proxybench.client.internal.connect;

/**
 * A connection could not be set up. The cause is the failed phase's own error (a refused CONNECT, a TLS alert, a
 * timeout); the counts are the wire bytes the setup cost: every byte (TCP payload both ways, TLS records included)
 * that the connections it opened for itself carried until they closed. A tunnel that was a stream of a shared
 * HTTP/2 connection to a proxy counts its own payload only, as an established one does: its CONNECT and answer
 * frames, and that connection's TLS and framing, are not in the counts. {@link #opened()} says whether the setup got
 * as far as a connection of its own, whose handshakes then failed.
 */
public final class SetupFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long bytesOut;
    private final long bytesIn;
    private final boolean opened;

    /**
     * @param opened whether a connection the setup opened for itself completed its TCP handshake, or its CONNECT
     *     stream was opened on a proxy's HTTP/2 connection
     */
    public SetupFailedException(Throwable cause, long bytesOut, long bytesIn, boolean opened) {
        super(cause.getMessage(), cause, false, false);
        this.bytesOut = bytesOut;
        this.bytesIn = bytesIn;
        this.opened = opened;
    }

    /** Wire bytes the setup sent. */
    public long bytesOut() {
        return bytesOut;
    }

    /** Wire bytes the setup received. */
    public long bytesIn() {
        return bytesIn;
    }

    /**
     * Whether the setup had a connection of its own when it failed: its TCP handshake completed (then a proxy
     * handshake, a tunnel or TLS failed), or its CONNECT stream was opened. False when TCP failed or timed out, or no
     * stream could be opened.
     */
    public boolean opened() {
        return opened;
    }
}
