package io.proxybench.client;

import io.proxybench.client.event.Phase;
import io.proxybench.client.internal.call.FailureCause;

/**
 * A call that failed, with the phase it failed in, the wire bytes it cost, why the proxy or TLS refused it (when
 * they did) and whether its connection was one it opened. The message reads {@code <phase>: <cause>} and, like every
 * message of this client, never contains a proxy password.
 *
 * <p>Wire bytes are counted as for a {@link ProxyResponse}: TCP payload both ways, TLS records and proxy handshakes
 * included, every attempt of the call together (a call retried on a new connection pays for both). A connection the
 * call opened and that failed before it was ready counts whole, close included; a failed exchange on a connection
 * counts its own traffic there, and that connection's setup when the call opened it. Where bytes are shared the counts
 * are a lower bound, as for a response: an HTTP/2 exchange to the origin counts its request body and no response
 * bytes, and a tunnel that is a stream of a shared HTTP/2 connection to a proxy counts its own payload only (not its
 * CONNECT and answer frames, nor that connection's TLS), so a refused CONNECT stream counts 0. A failure before any
 * connection was used (no route, a bad request, no pool slot in time) counts 0. When the client could not tell, all
 * three counts are {@link #UNKNOWN}, never 0.
 */
public final class CallException extends Exception {

    /**
     * What kind of failure a call met, for a program to act on: retry a {@link #TIMEOUT} or {@link #CONNECT}, change
     * the proxy after {@link #PROXY_REFUSED}, fix its own {@link #BAD_REQUEST}. {@link #label()} says the same thing in
     * more detail, in the form records and reports use.
     */
    public enum Kind {
        /** The call was cancelled: {@link Call#cancel()}, a cancelled future, or an interrupted {@code execute}. */
        CANCELLED,
        /** A time limit ran out: a setup phase's, the response head's, read-idle, the call's or the pool's wait. */
        TIMEOUT,
        /** A host name did not resolve (the proxy's, or the origin's when the client resolves it). */
        DNS,
        /** The proxy refused the tunnel or the request: a CONNECT answered with a status, a SOCKS5 refusal. */
        PROXY_REFUSED,
        /** TCP did not connect, to the proxy or (direct) to the origin. */
        CONNECT,
        /** TLS failed, with the proxy or the origin: an untrusted certificate, a handshake alert. */
        TLS,
        /** The peer broke HTTP: a malformed or truncated response, a reset stream, no response at all. */
        PROTOCOL,
        /** A redirect the policy refused: a bad {@code Location}, too many hops, a loop, HTTPS to HTTP. */
        REDIRECT,
        /** The body could not be kept or decoded: over the client's limit, or a content coding that is malformed. */
        BODY,
        /** The request itself cannot be sent: not an {@code http://} or {@code https://} URL, a body unreadable. */
        BAD_REQUEST,
        /** Any other I/O failure, e.g. a connection reset while the request was under way. */
        IO
    }

    private static final long serialVersionUID = 1L;

    /** The value of every byte count of a failure whose wire bytes the client could not tell. */
    public static final long UNKNOWN = -1;

    /** The phase the call failed in. */
    private final Phase phase;
    /** Wire bytes the call sent, or {@link #UNKNOWN}. */
    private final long bytesOut;
    /** Wire bytes the call received, or {@link #UNKNOWN}. */
    private final long bytesIn;
    /** The part of {@code bytesOut + bytesIn} that set up connections, or {@link #UNKNOWN}. */
    private final long handshakeBytes;
    /** Whether the failing attempt's connection was open before it; null when it had no TCP connection. */
    private final Boolean reused;

    /**
     * A failure whose wire bytes are {@link #UNKNOWN}.
     *
     * @param phase the phase the call failed in
     * @param cause what failed it; its class's simple name and message make the message
     */
    public CallException(Phase phase, Throwable cause) {
        this(phase, cause, UNKNOWN, UNKNOWN, UNKNOWN, null);
    }

    /**
     * A failure whose wire bytes are known, or all {@link #UNKNOWN}.
     *
     * @param phase the phase the call failed in
     * @param cause what failed it; its class's simple name and message make the message
     * @param bytesOut wire bytes the call sent
     * @param bytesIn wire bytes the call received
     * @param handshakeBytes the part of {@code bytesOut + bytesIn} that set connections up
     * @throws IllegalArgumentException unless the three are {@link #UNKNOWN} together or counts that add up
     */
    public CallException(Phase phase, Throwable cause, long bytesOut, long bytesIn, long handshakeBytes) {
        this(phase, cause, bytesOut, bytesIn, handshakeBytes, null);
    }

    /**
     * A failure whose wire bytes are known, or all {@link #UNKNOWN}, with whether its connection was reused.
     *
     * @param phase the phase the call failed in
     * @param cause what failed it; its class's simple name and message make the message
     * @param bytesOut wire bytes the call sent
     * @param bytesIn wire bytes the call received
     * @param handshakeBytes the part of {@code bytesOut + bytesIn} that set connections up
     * @param reused see {@link #reused()}: true, false, or null when the failing attempt had no TCP connection
     * @throws IllegalArgumentException unless the three counts are {@link #UNKNOWN} together or counts that add up
     */
    public CallException(Phase phase, Throwable cause, long bytesOut, long bytesIn, long handshakeBytes,
            Boolean reused) {
        super(phase.label() + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage(), cause);
        boolean unknown = bytesOut == UNKNOWN && bytesIn == UNKNOWN && handshakeBytes == UNKNOWN;
        if (!unknown && (bytesOut < 0 || bytesIn < 0 || handshakeBytes < 0 || handshakeBytes > bytesOut + bytesIn)) {
            throw new IllegalArgumentException("wire bytes out " + bytesOut + ", in " + bytesIn + ", handshake "
                    + handshakeBytes + " are neither all unknown (" + UNKNOWN + ") nor counts with the handshake"
                    + " within out + in");
        }
        this.phase = phase;
        this.bytesOut = bytesOut;
        this.bytesIn = bytesIn;
        this.handshakeBytes = handshakeBytes;
        this.reused = reused;
    }

    /**
     * The phase the call failed in, e.g. {@link Phase#CONNECT} for a refused tunnel.
     *
     * @return the phase, never null
     */
    public Phase phase() {
        return phase;
    }

    /**
     * What kind of failure this is, for a program to act on.
     *
     * @return the kind
     */
    public Kind kind() {
        return FailureCause.kind(phase, getCause());
    }

    /**
     * Wire bytes the call sent before it failed.
     *
     * @return 0 or more, or {@link #UNKNOWN}
     */
    public long bytesOut() {
        return bytesOut;
    }

    /**
     * Wire bytes the call received before it failed.
     *
     * @return 0 or more, or {@link #UNKNOWN}
     */
    public long bytesIn() {
        return bytesIn;
    }

    /**
     * The part of {@link #bytesOut()} {@code +} {@link #bytesIn()} that set up connections the call opened (TCP
     * payload of proxy handshakes, both TLS handshakes), a failed setup's bytes whole.
     *
     * @return 0 to {@code bytesOut() + bytesIn()}, or {@link #UNKNOWN}
     */
    public long handshakeBytes() {
        return handshakeBytes;
    }

    /**
     * Whether the byte counts are known; when not, each is {@link #UNKNOWN}.
     *
     * @return true when the three counts are known
     */
    public boolean bytesKnown() {
        return bytesOut != UNKNOWN;
    }

    /**
     * The call's wire bytes as one value: {@link #bytesOut()}, {@link #bytesIn()} and {@link #handshakeBytes()}.
     *
     * @return the wire bytes, or {@link WireBytes#UNKNOWN} when the counts are not known
     */
    public WireBytes wireBytes() {
        return bytesKnown() ? new WireBytes(bytesOut, bytesIn, handshakeBytes) : WireBytes.UNKNOWN;
    }

    /**
     * Whether the failing attempt ran on a connection that was open before it: true for a reused connection, false
     * for one it opened itself (a setup that failed after its TCP handshake completed, e.g. SOCKS5 authentication
     * rejected, a CONNECT refused or TLS failed, or an exchange that failed on the connection it had just set up;
     * a CONNECT stream it opened on a proxy's HTTP/2 connection counts as its own), null when it never had a TCP
     * connection (TCP refused or timed out, no pool slot in time, a request that could not be sent) or the client
     * could not tell. Of a call retried on a new connection, the last attempt's.
     *
     * @return true, false, or null
     */
    public Boolean reused() {
        return reused;
    }

    /**
     * Why the proxy or TLS refused the call, in words, when they did: a refused CONNECT's reason in the proxy's own
     * words (a {@code Proxy-Status} header's {@code error} and {@code details}, an {@code X-*-Error} header such as
     * squid's {@code X-Squid-Error: ERR_CACHE_ACCESS_DENIED 0}, an HTML body's title or a body's first line), a
     * SOCKS5 refusal ({@code the proxy rejected the user name and password (RFC 1929)}, {@code reply 5: connection
     * refused}), or a certificate the client does not trust ({@code the origin's certificate for 127.0.0.1 is not
     * trusted (self-signed or unknown CA)}). At most 160 characters on one line, without control characters, and
     * never a credential: the proxy's user and password read {@code ****} where it echoes them.
     *
     * @return the reason, or null when there is none
     */
    public String reason() {
        return FailureCause.reason(phase, getCause());
    }

    /**
     * The error label for records, {@code <phase>_<Reason>}, as the seed harness writes it: a proxy's refusal of a
     * CONNECT is its status ({@code connect_407}, {@code connect_502}); a SOCKS5 refusal names the problem
     * ({@code socks_AuthFailed} for a rejected user name and password, {@code socks_AuthRequired} when the proxy
     * wants one the client did not give, the CONNECT reply otherwise: {@code socks_ConnectionRefused},
     * {@code socks_HostUnreachable}, {@code socks_GeneralFailure}, ...); a certificate the client does not trust is
     * {@code tls_UntrustedCertificate} (the origin's) or {@code proxy_tls_UntrustedCertificate}, a chain without a
     * pinned key {@code tls_PinMismatch} or {@code proxy_tls_PinMismatch}; anything else is
     * the exception's name, Netty's stackless and annotated variants under their JDK names
     * ({@code tcp_ConnectException}, not {@code tcp_AnnotatedConnectException}).
     *
     * @return the label, e.g. {@code connect_407} or {@code tls_SSLHandshakeException}
     */
    public String label() {
        return phase.label() + "_" + FailureCause.label(getCause());
    }
}
