package io.proxybench.client;

/**
 * The wire bytes of a call, or of a part of one (an attempt, a redirect's hop): TCP payload sent and received, TLS
 * records and proxy handshakes included, and the part of them that set connections up. Counted as
 * {@link ProxyResponse} and {@link CallException} count them; {@link #UNKNOWN} when the client could not tell.
 *
 * @param out bytes sent, or {@link CallException#UNKNOWN}
 * @param in bytes received, or {@link CallException#UNKNOWN}
 * @param handshake the part of {@code out + in} that set connections up, or {@link CallException#UNKNOWN}
 */
public record WireBytes(long out, long in, long handshake) {

    /** No bytes: what a call has cost before its first send. */
    public static final WireBytes NONE = new WireBytes(0, 0, 0);

    /** Bytes the client could not tell: every count {@link CallException#UNKNOWN}. */
    public static final WireBytes UNKNOWN = new WireBytes(CallException.UNKNOWN, CallException.UNKNOWN,
            CallException.UNKNOWN);

    /**
     * Whether the counts are known.
     *
     * @return false for {@link #UNKNOWN}
     */
    public boolean known() {
        return !equals(UNKNOWN);
    }

    /**
     * Both together, e.g. a call's earlier attempts and its last one.
     *
     * @param other the bytes to add
     * @return the sums; {@link #UNKNOWN} (this very instance) when either is unknown
     */
    public WireBytes plus(WireBytes other) {
        return !known() || !other.known() ? UNKNOWN
                : new WireBytes(out + other.out, in + other.in, handshake + other.handshake);
    }
}
