package io.proxybench.client;

import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.PhaseTimings;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A response, with how it travelled: status, headers and body, and the connection, exit, phases and wire bytes of
 * the call that got it. Immutable (but for the body array, which is not copied). The client makes these; fakes of a
 * {@link ProxyClient} make their own with {@link #builder()}.
 */
public final class ProxyResponse {

    private final int status;
    private final Headers headers;
    private final byte[] body;
    private final long bodyBytes;
    private final ConnectionInfo connection;
    private final boolean reused;
    private final int attempt;
    private final String exit;
    private final String session;
    private final PhaseTimings timings;
    private final long bytesOut;
    private final long bytesIn;
    private final long handshakeBytes;
    private final CloseReason closeReason;
    private final List<Redirect> redirects;
    private final long decodedBytes;

    /** The body of a response that has none; a zero-length array, so sharing it is safe. */
    private static final byte[] NO_BODY = new byte[0];

    private ProxyResponse(Builder b) {
        this.status = b.status;
        this.headers = b.headers;
        this.body = b.body;
        this.bodyBytes = b.bodyBytes;
        this.connection = b.connection;
        this.reused = b.reused;
        this.attempt = b.attempt;
        this.exit = b.exit;
        this.session = b.session;
        this.timings = b.timings;
        this.bytesOut = b.bytesOut;
        this.bytesIn = b.bytesIn;
        this.handshakeBytes = b.handshakeBytes;
        this.closeReason = b.closeReason;
        this.redirects = b.redirects;
        this.decodedBytes = b.decodedBytes;
    }

    /**
     * A builder for a response, e.g. a fake's: status 200, no headers, an empty body, attempt 1, exit
     * {@code direct}, no timings, no redirects, not decoded; the connection must be given.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A builder holding these values.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.status = status;
        b.headers = headers;
        b.body = body;
        b.bodyBytes = bodyBytes;
        b.connection = connection;
        b.reused = reused;
        b.attempt = attempt;
        b.exit = exit;
        b.session = session;
        b.timings = timings;
        b.bytesOut = bytesOut;
        b.bytesIn = bytesIn;
        b.handshakeBytes = handshakeBytes;
        b.closeReason = closeReason;
        b.redirects = redirects;
        b.decodedBytes = decodedBytes;
        return b;
    }

    /**
     * The final response's status code, e.g. {@code 200}; any status is a response, not a failure.
     *
     * @return the status
     */
    public int status() {
        return status;
    }

    /**
     * The final response's headers.
     *
     * @return the headers
     */
    public Headers headers() {
        return headers;
    }

    /**
     * The body: whole (a body over the client's limit fails the call), or its first bytes for a client built with
     * {@code keepBodyPrefix}; decoded when {@link #decodedBytes()} is not -1; empty for a streamed call's ({@link
     * ResponseStream}). Not copied: do not change it.
     *
     * @return the body
     */
    public byte[] body() {
        return body;
    }

    /**
     * The body's full length in bytes as received: after any transfer decoding (chunked), before content decoding.
     *
     * @return the bodyBytes
     */
    public long bodyBytes() {
        return bodyBytes;
    }

    /**
     * The connection that carried the request.
     *
     * @return the connection
     */
    public ConnectionInfo connection() {
        return connection;
    }

    /**
     * True when the connection existed before this call.
     *
     * @return the reused
     */
    public boolean reused() {
        return reused;
    }

    /**
     * The attempt that got this response: 1, 2 when a reused connection failed before any response byte and the call
     * was sent again on a new one, more under a {@link RetryPolicy}.
     *
     * @return the attempt
     */
    public int attempt() {
        return attempt;
    }

    /**
     * The exit label (proxy user, endpoint and session; never the password), or {@code direct}.
     *
     * @return the exit
     */
    public String exit() {
        return exit;
    }

    /**
     * The sticky session id the credentials asked for; null when rotating, direct or unreadable.
     *
     * @return the session
     */
    public String session() {
        return session;
    }

    /**
     * How long each phase took, of the attempt that got this response only.
     *
     * @return the timings
     */
    public PhaseTimings timings() {
        return timings;
    }

    /**
     * Wire bytes the call sent: TLS and tunnel setup included when it created the connection, and earlier attempts' and
     * redirects' bytes.
     *
     * @return the bytesOut
     */
    public long bytesOut() {
        return bytesOut;
    }

    /**
     * Wire bytes the call received, on the same terms as {@link #bytesOut()}.
     *
     * @return the bytesIn
     */
    public long bytesIn() {
        return bytesIn;
    }

    /**
     * The part of {@code bytesOut + bytesIn} that set the connection up (TCP payload of the proxy handshake and both
     * TLS handshakes); 0 on a reused connection.
     *
     * @return the handshakeBytes
     */
    public long handshakeBytes() {
        return handshakeBytes;
    }

    /**
     * The call's wire bytes as one value: {@link #bytesOut()}, {@link #bytesIn()} and {@link #handshakeBytes()}.
     *
     * @return the wire bytes
     */
    public WireBytes wireBytes() {
        return new WireBytes(bytesOut, bytesIn, handshakeBytes);
    }

    /**
     * Why the connection takes no further request after this one (it closes once idle), e.g. {@link
     * CloseReason#CLIENT_CLOSE} for a {@code Connection: close} request; null when it stays open for reuse.
     *
     * @return the closeReason
     */
    public CloseReason closeReason() {
        return closeReason;
    }

    /**
     * The redirects the call followed to get this response, in order; empty when none. The wire bytes count every hop;
     * the timings, connection and exit are the last hop's.
     *
     * @return the redirects
     */
    public List<Redirect> redirects() {
        return redirects;
    }

    /**
     * The body's length after content decoding (gzip, deflate, br, zstd), which {@link #body()} holds; -1 when the body
     * was not decoded (no coding, one the client cannot decode, or an {@code Accept-Encoding} the caller set): the body
     * is then as received.
     *
     * @return the decodedBytes
     */
    public long decodedBytes() {
        return decodedBytes;
    }

    /**
     * The protocol to the origin, as {@link ConnectionInfo#protocol()}.
     *
     * @return {@code h2} or {@code http/1.1}
     */
    public String protocol() {
        return connection.protocol();
    }

    /**
     * The body as UTF-8 text, malformed bytes replaced; only what {@link #body()} holds.
     *
     * @return the text, empty for an empty body
     */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /**
     * The status, the protocol and the exit, for a log line; never a header or the body.
     *
     * @return e.g. {@code 200 over http/1.1 via direct}
     */
    @Override
    public String toString() {
        return status + " over " + protocol() + " via " + exit;
    }

    /** A response under construction. Not thread-safe. */
    public static final class Builder {

        private int status = 200;
        private Headers headers = Headers.empty();
        private byte[] body = NO_BODY;
        private long bodyBytes;
        private ConnectionInfo connection;
        private boolean reused;
        private int attempt = 1;
        private String exit = "direct";
        private String session;
        private PhaseTimings timings = PhaseTimings.none();
        private long bytesOut;
        private long bytesIn;
        private long handshakeBytes;
        private CloseReason closeReason;
        private List<Redirect> redirects = List.of();
        private long decodedBytes = -1;

        private Builder() {
        }

        /**
         * Sets {@link ProxyResponse#status()}.
         *
         * @param status the final response's status code, e.g. {@code 200}
         * @return this builder
         */
        public Builder status(int status) {
            this.status = status;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#headers()}.
         *
         * @param headers the final response's headers
         * @return this builder
         */
        public Builder headers(Headers headers) {
            this.headers = headers;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#body()}.
         *
         * @param body the body
         * @return this builder
         */
        public Builder body(byte[] body) {
            this.body = body;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#bodyBytes()}.
         *
         * @param bodyBytes the body's full length in bytes as received
         * @return this builder
         */
        public Builder bodyBytes(long bodyBytes) {
            this.bodyBytes = bodyBytes;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#connection()}.
         *
         * @param connection the connection that carried the request
         * @return this builder
         */
        public Builder connection(ConnectionInfo connection) {
            this.connection = connection;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#reused()}.
         *
         * @param reused true when the connection existed before this call
         * @return this builder
         */
        public Builder reused(boolean reused) {
            this.reused = reused;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#attempt()}.
         *
         * @param attempt the attempt that got this response
         * @return this builder
         */
        public Builder attempt(int attempt) {
            this.attempt = attempt;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#exit()}.
         *
         * @param exit the exit label
         * @return this builder
         */
        public Builder exit(String exit) {
            this.exit = exit;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#session()}.
         *
         * @param session the sticky session id the credentials asked for
         * @return this builder
         */
        public Builder session(String session) {
            this.session = session;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#timings()}.
         *
         * @param timings how long each phase took, of the attempt that got this response only
         * @return this builder
         */
        public Builder timings(PhaseTimings timings) {
            this.timings = timings;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#bytesOut()}.
         *
         * @param bytesOut wire bytes the call sent
         * @return this builder
         */
        public Builder bytesOut(long bytesOut) {
            this.bytesOut = bytesOut;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#bytesIn()}.
         *
         * @param bytesIn wire bytes the call received
         * @return this builder
         */
        public Builder bytesIn(long bytesIn) {
            this.bytesIn = bytesIn;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#handshakeBytes()}.
         *
         * @param handshakeBytes the part of the wire bytes that set the connection up
         * @return this builder
         */
        public Builder handshakeBytes(long handshakeBytes) {
            this.handshakeBytes = handshakeBytes;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#closeReason()}.
         *
         * @param closeReason why the connection takes no further request, or null
         * @return this builder
         */
        public Builder closeReason(CloseReason closeReason) {
            this.closeReason = closeReason;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#redirects()}.
         *
         * @param redirects the redirects the call followed to get this response, in order
         * @return this builder
         */
        public Builder redirects(List<Redirect> redirects) {
            this.redirects = redirects;
            return this;
        }

        /**
         * Sets {@link ProxyResponse#decodedBytes()}.
         *
         * @param decodedBytes the body's length after content decoding, or -1
         * @return this builder
         */
        public Builder decodedBytes(long decodedBytes) {
            this.decodedBytes = decodedBytes;
            return this;
        }

        /**
         * The response.
         *
         * @return a new immutable response
         * @throws NullPointerException if the connection, headers, body, exit, timings or redirects are null
         * @throws IllegalArgumentException if the status is not a three-digit code or the attempt is below 1
         */
        public ProxyResponse build() {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(headers, "headers");
            Objects.requireNonNull(body, "body");
            Objects.requireNonNull(exit, "exit");
            Objects.requireNonNull(timings, "timings");
            redirects = List.copyOf(redirects);
            if (status < 100 || status > 999) {
                throw new IllegalArgumentException("status " + status + " is not an HTTP status code (100 to 999)");
            }
            if (attempt < 1) {
                throw new IllegalArgumentException("attempt " + attempt + " must be 1 or more");
            }
            return new ProxyResponse(this);
        }
    }
}
