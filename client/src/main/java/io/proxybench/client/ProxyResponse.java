package io.proxybench.client;

import io.netty.handler.codec.http.HttpHeaders;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.PhaseTimings;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A response, with how it travelled.
 *
 * @param status the final response's status code, e.g. {@code 200}; any status is a response, not a failure
 * @param headers the final response's headers
 * @param body the body, whole (a body over the client's limit fails the call), or its first bytes for a client built
 *     with {@code keepBodyPrefix}; empty for a streamed call's ({@link ResponseStream}); {@code bodyBytes} is its full
 *     length
 * @param bodyBytes the body's full length in bytes as received: after any transfer decoding (chunked), before content
 *     decoding
 * @param connection the connection that carried the request
 * @param reused true when the connection existed before this call
 * @param attempt the attempt that got this response: 1, 2 when a reused connection failed before any response byte
 *     and the call was sent again on a new one, more under a {@link RetryPolicy}
 * @param exit the exit label (proxy user, endpoint and session; never the password), or {@code direct}
 * @param session the sticky session id the credentials asked for, null when rotating, direct or unreadable
 * @param timings how long each phase took, of the attempt that got this response only (the second when
 *     {@code attempt} is 2)
 * @param bytesOut wire bytes the call sent, TLS and tunnel setup included when it created the connection, and the
 *     first attempt's bytes when {@code attempt} is 2
 * @param bytesIn wire bytes the call received, on the same terms as {@code bytesOut}
 * @param handshakeBytes the part of {@code bytesOut + bytesIn} that set the connection up (TCP payload of the
 *     proxy handshake and both TLS handshakes); 0 on a reused connection
 * @param closeReason why the connection takes no further request after this one (it closes once idle), e.g.
 *     {@link CloseReason#CLIENT_CLOSE} for a {@code Connection: close} request; null when it stays open for reuse
 * @param redirects the redirects the call followed to get this response, in order; empty when none. The wire bytes
 *     count every hop; the timings, connection and exit are the last hop's
 * @param decodedBytes the body's length after content decoding (gzip, deflate, br, zstd), which {@code body} holds;
 *     -1 when the body was not decoded (no coding, one the client cannot decode, or an {@code Accept-Encoding} the
 *     caller set): {@code body} is then as received. {@code bodyBytes} is always the length as received
 */
public record ProxyResponse(int status, HttpHeaders headers, byte[] body, long bodyBytes,
        ConnectionInfo connection, boolean reused, int attempt, String exit, String session, PhaseTimings timings,
        long bytesOut, long bytesIn, long handshakeBytes, CloseReason closeReason, List<Redirect> redirects,
        long decodedBytes) {

    /**
     * A response that followed no redirect and was not decoded.
     *
     * @param status the status code
     * @param headers the headers
     * @param body the body
     * @param bodyBytes the body's full length
     * @param connection the connection that carried it
     * @param reused whether the connection existed before the call
     * @param attempt 1 or 2
     * @param exit the exit label
     * @param session the sticky session id, or null
     * @param timings the phases' durations
     * @param bytesOut wire bytes sent
     * @param bytesIn wire bytes received
     * @param handshakeBytes the setup's part of them
     * @param closeReason why the connection takes no further request, or null
     */
    public ProxyResponse(int status, HttpHeaders headers, byte[] body, long bodyBytes, ConnectionInfo connection,
            boolean reused, int attempt, String exit, String session, PhaseTimings timings, long bytesOut,
            long bytesIn, long handshakeBytes, CloseReason closeReason) {
        this(status, headers, body, bodyBytes, connection, reused, attempt, exit, session, timings, bytesOut, bytesIn,
                handshakeBytes, closeReason, List.of(), -1);
    }

    /**
     * This response, having followed {@code redirects}.
     *
     * @param redirects the hops, in order
     * @return a new response
     */
    public ProxyResponse withRedirects(List<Redirect> redirects) {
        return new ProxyResponse(status, headers, body, bodyBytes, connection, reused, attempt, exit, session, timings,
                bytesOut, bytesIn, handshakeBytes, closeReason, List.copyOf(redirects), decodedBytes);
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
     * The body as UTF-8 text, malformed bytes replaced; only what {@code body} holds.
     *
     * @return the text, empty for an empty body
     */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }
}
