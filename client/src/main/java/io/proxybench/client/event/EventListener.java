package io.proxybench.client.event;

import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Hears every phase of one call, in order. One listener per call (a {@link Factory} makes them), so per-call
 * timing needs no shared maps. Every method is a no-op here: override the ones you need.
 *
 * <p>A first call on a new tunnel sees {@code callStart, proxySelected, [dnsStart, dnsEnd,] connectStart,
 * [connectFailed, connectStart, ...] connectEnd, [proxyTlsStart, proxyTlsEnd,] [tunnelStart, tunnelEnd,]
 * [originTlsStart, originTlsEnd,] connectionAcquired(reused=false), requestHeadersStart, requestHeadersEnd,
 * requestBodyEnd, responseHeadersEnd, responseBodyEnd, connectionReleased, callEnd}. A call on a reused connection goes
 * from {@code proxySelected} straight to {@code connectionAcquired(reused=true)}: acquired without a connect is reuse.
 * A call that waited for a pool slot sees {@code queueStart, queueEnd} after {@code proxySelected}. A failed call stops
 * at the phase that failed and ends with {@code callFailed} instead of {@code callEnd}. A call the client sends again
 * itself (a reused connection that failed before any response byte) sees {@code connectionReleased}, then the events of
 * its second attempt on a new connection, each with {@link CallInfo#attempt()} 2; {@code callStart} and {@code
 * proxySelected} are not repeated. An attempt of the {@code RetryPolicy}'s is told whole, from its own {@code
 * callStart} to its {@code callEnd} or {@code callFailed}, with the next attempt number; a call cancelled while it
 * waits out a backoff sees the next attempt's {@code callStart} and its {@code callFailed} in {@code QUEUE}.
 *
 * <p>With HTTP/2 to the proxy, a tunnel is a stream: the call that opens the gateway connection sees {@code
 * connectStart, connectEnd, proxyTlsStart, proxyTlsEnd, gatewayConnectionOpened}, the calls whose tunnels ride
 * an open one go from {@code proxySelected} to {@code tunnelStart}.
 *
 * <p>Threads: the events of one call come one at a time, each happening-before the next, so a listener's own state
 * needs no locks; but they do not all come on one thread. Each runs on the thread that moved the call on: the one
 * that called {@link io.proxybench.client.ProxyClient#send} for {@code callStart}, {@code proxySelected} and what
 * follows until the call first waits, a DNS lookup thread after a lookup, and otherwise the client's I/O threads.
 * {@link #connectionClosed} is the exception: it runs on the connection's I/O thread, possibly after the call has
 * ended. No method may block, since an I/O thread serves many connections. A {@link RuntimeException} thrown by a
 * method is logged (the first with its stack trace, then every thousandth) and never reaches the call, which goes on
 * as if the method had returned.
 */
public abstract class EventListener {

    /** The listener that ignores every event: the default, and what a {@link Factory} returns to hear nothing. */
    public static final EventListener NONE = new EventListener() { };

    /** Makes one listener per call. */
    @FunctionalInterface
    public interface Factory {
        /**
         * Makes the listener of one call, before its {@code callStart}, on the thread that called
         * {@link io.proxybench.client.ProxyClient#send}; so possibly on several threads at once. A retry keeps the
         * call's listener. Not called for a request sent after the client was closed.
         *
         * @param call the call about to start, on its first attempt
         * @return the call's listener, never null; {@link EventListener#NONE} to hear nothing
         */
        EventListener create(CallInfo call);
    }

    /**
     * The call begins: its first event, before its route is worked out.
     *
     * @param call the call
     */
    public void callStart(CallInfo call) { }

    /**
     * The route: the proxy (null when direct), with the session's credentials already applied. A request whose route
     * cannot be worked out (a URL that is not {@code http://} or {@code https://}, a proxy without credentials for a
     * session) goes from {@code callStart} to {@code callFailed} instead.
     *
     * @param call the call
     * @param proxy the proxy the call goes through, or null when direct; its {@code toString()} masks the password
     */
    public void proxySelected(CallInfo call, ProxySpec proxy) { }

    /**
     * No connection of the call's route could be granted at once (a pool cap is full, or the call waits for a slot
     * on an HTTP/2 connection being opened): the call waits, in {@link Phase#QUEUE}. Followed by {@code queueEnd}, or
     * by {@code callFailed} when no slot came within {@link io.proxybench.client.PoolLimits#acquireTimeout()} or the
     * client was closed.
     *
     * @param call the call
     */
    public void queueStart(CallInfo call) { }

    /**
     * The call got its slot after waiting; it then connects, or acquires an open connection.
     *
     * @param call the call
     * @param waitedNanos how long it waited, in nanoseconds, as the pool measured it (its {@link Phase#QUEUE} timing)
     */
    public void queueEnd(CallInfo call, long waitedNanos) { }

    /**
     * A host name lookup starts: the proxy's, or the origin's when direct; with a {@code socks5://} proxy the
     * origin's too, after the proxy's ({@code socks5h://} leaves it to the proxy). IP literals are not looked up.
     *
     * @param call the call
     * @param host the name being looked up
     */
    public void dnsStart(CallInfo call, String host) { }

    /**
     * The lookup succeeded; a failed one goes to {@code callFailed} with {@link Phase#DNS} instead.
     *
     * @param call the call
     * @param host the name that was looked up
     * @param addresses every address found, never empty, in the resolver's order; the client dials them in RFC 8305
     *     order (families interleaved, this list's first family first), racing them ({@code connectStart})
     */
    public void dnsEnd(CallInfo call, String host, List<InetAddress> addresses) { }

    /**
     * TCP to one address of the proxy (or of the origin when direct) starts. A name with several addresses has them
     * raced (happy eyeballs, RFC 8305): the next address is dialled 250 ms after this one if it has not connected
     * yet, or at once when it fails ({@code connectFailed}), so a call may see several {@code connectStart}s before
     * its {@code connectEnd}. {@link Phase#TCP} spans the whole race.
     *
     * @param call the call
     * @param address the resolved address being dialled
     */
    public void connectStart(CallInfo call, InetSocketAddress address) { }

    /**
     * The attempt to connect to {@code address} failed (refused, unreachable, timed out) while no other attempt of
     * the race had connected; the race goes on with the addresses left. When every address has failed, the call
     * goes on to {@code callFailed} with {@link Phase#TCP} and the first address's cause. An attempt abandoned
     * because another one connected first is closed and told nothing more.
     *
     * @param call the call
     * @param address the address dialled, as in its {@code connectStart}
     * @param cause why it failed, e.g. a {@link java.net.ConnectException}
     */
    public void connectFailed(CallInfo call, InetSocketAddress address, Throwable cause) { }

    /**
     * TCP is connected: the winner of the race; when every attempt fails, the call goes to {@code callFailed} with
     * {@link Phase#TCP} instead.
     *
     * @param call the call
     * @param address the address that connected, as in its {@code connectStart}
     */
    public void connectEnd(CallInfo call, InetSocketAddress address) { }

    /**
     * The TLS handshake with an {@code https://} proxy starts, right after {@code connectEnd}.
     *
     * @param call the call
     */
    public void proxyTlsStart(CallInfo call) { }

    /**
     * The TLS handshake with the proxy succeeded; a failed one goes to {@code callFailed} with
     * {@link Phase#PROXY_TLS} instead.
     *
     * @param call the call
     * @param tlsVersion the negotiated TLS version, e.g. {@code TLSv1.3}
     */
    public void proxyTlsEnd(CallInfo call, String tlsVersion) { }

    /**
     * This call opened a TLS connection with ALPN {@code h2} to the proxy, whose streams will carry tunnels of any
     * session (reported once per gateway connection, to the call that opened it, after {@code proxyTlsEnd} and the
     * proxy's first HTTP/2 SETTINGS).
     *
     * @param call the call that opened it
     * @param gatewayConnectionId the client's number for it, from 1
     */
    public void gatewayConnectionOpened(CallInfo call, long gatewayConnectionId) { }

    /**
     * HTTP/2 to the proxy was asked for but the proxy chose {@code alpn} ({@code http/1.1}, or null for no ALPN):
     * this call's tunnel, and every later one to that proxy, goes over HTTP/1.1, one TLS connection per tunnel.
     * Reported once per proxy endpoint, to the call that found out, after its {@code proxyTlsEnd}; that call then
     * opens its own connection, from {@code connectStart} again.
     *
     * @param call the call that found out
     * @param proxy the proxy, as in {@code proxySelected}
     * @param alpn the protocol the proxy chose, or null when it chose none
     */
    public void proxyProtocolFallback(CallInfo call, ProxySpec proxy, String alpn) { }

    /**
     * CONNECT or SOCKS5 negotiation starts ({@code phase} is {@link Phase#CONNECT} or {@link Phase#SOCKS}).
     *
     * @param call the call
     * @param phase {@link Phase#CONNECT} for an {@code http://} or {@code https://} proxy (a CONNECT stream with
     *     HTTP/2 to the proxy), {@link Phase#SOCKS} for a SOCKS5 one
     */
    public void tunnelStart(CallInfo call, Phase phase) { }

    /**
     * The proxy accepted the tunnel; a refusal (e.g. a CONNECT answered 407), a failure or a timeout goes to
     * {@code callFailed} with the same phase instead.
     *
     * @param call the call
     * @param phase the phase of the matching {@code tunnelStart}
     */
    public void tunnelEnd(CallInfo call, Phase phase) { }

    /**
     * The TLS handshake with an {@code https://} origin starts, through the tunnel (or directly when direct). Not
     * reported for {@code http://} origins, nor for requests forwarded by an HTTP proxy.
     *
     * @param call the call
     */
    public void originTlsStart(CallInfo call) { }

    /**
     * The TLS handshake with the origin succeeded; a failed one goes to {@code callFailed} with {@link Phase#TLS}
     * instead.
     *
     * @param call the call
     * @param tlsVersion the negotiated TLS version, e.g. {@code TLSv1.3}
     * @param alpn the protocol the origin chose, {@code h2} or {@code http/1.1} (also when it chose none)
     */
    public void originTlsEnd(CallInfo call, String tlsVersion, String alpn) { }

    /**
     * The call has its connection: a new one, once set up, or an open one of its route from the pool.
     *
     * @param call the call
     * @param connection the connection that will carry the request
     * @param reused true when the connection existed before this call (an HTTP/2 one may be carrying other calls at
     *     the same time), false when this call set it up
     */
    public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) { }

    /**
     * The request is about to be written: {@link Phase#REQUEST} begins.
     *
     * @param call the call
     */
    public void requestHeadersStart(CallInfo call) { }

    /**
     * The request was written, headers and body together, so {@code requestBodyEnd} follows at once. A request that
     * cannot be written goes to {@code callFailed} (or to a retry) instead.
     *
     * @param call the call
     */
    public void requestHeadersEnd(CallInfo call) { }

    /**
     * The request body (possibly empty) was written; {@code bodyBytes} is its length.
     *
     * @param call the call
     * @param bodyBytes the body's length in bytes, 0 when empty
     */
    public void requestBodyEnd(CallInfo call, long bodyBytes) { }

    /**
     * The final response's head arrived; interim {@code 1xx} responses are not reported.
     *
     * @param call the call
     * @param status the response's status code, e.g. {@code 200}
     */
    public void responseHeadersEnd(CallInfo call, int status) { }

    /**
     * The whole response body arrived: {@link Phase#REQUEST} ends.
     *
     * @param call the call
     * @param bodyBytes the body's length after any transfer decoding, in bytes, counting those past the client's body
     *     limit too
     */
    public void responseBodyEnd(CallInfo call, long bodyBytes) { }

    /**
     * The call is done with its connection, which goes back to the pool (or closes) right after: after
     * {@code responseBodyEnd}, or after the exchange failed. Comes before {@code callEnd}, {@code callFailed} or the
     * events of a retry.
     *
     * @param call the call
     * @param connection the connection, as in {@code connectionAcquired}
     */
    public void connectionReleased(CallInfo call, ConnectionInfo connection) { }

    /**
     * A connection this call created was closed: reported once per connection, to the listener of the call that
     * created it, whichever calls used it since. Runs on the connection's I/O thread, after the release and end
     * events of a call whose exchange closed it, and possibly long after this call ended.
     *
     * @param connection the closed connection
     * @param reason why the client closed it, or {@link CloseReason#PEER_CLOSED} when the other side closed first
     */
    public void connectionClosed(ConnectionInfo connection, CloseReason reason) { }

    /**
     * The call succeeded: its last event (bar a later {@code connectionClosed}), right before the future returned by
     * {@link io.proxybench.client.ProxyClient#send} completes with the response.
     *
     * @param call the call, with the attempt that succeeded
     */
    public void callEnd(CallInfo call) { }

    /**
     * The call failed: its last event (bar a later {@code connectionClosed}), instead of {@code callEnd}, right
     * before the future returned by {@link io.proxybench.client.ProxyClient#send} fails with a
     * {@link io.proxybench.client.CallException}.
     *
     * @param call the call, with the attempt that failed
     * @param phase the phase the call was in when it failed: the last one that began, {@link Phase#QUEUE} when none
     *     had
     * @param cause what failed the call, e.g. a {@link java.net.ConnectException}
     */
    public void callFailed(CallInfo call, Phase phase, Throwable cause) { }
}
