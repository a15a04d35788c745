package io.proxybench.client.event;

import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Hears every phase of one call, in order. One listener per call (a {@link Factory} makes them), so per-call
 * timing needs no shared maps. Every method is a no-op here: override the ones you need. Methods run on the
 * client's I/O threads and must not block.
 *
 * <p>A first call on a new tunnel sees {@code callStart, proxySelected, [dnsStart, dnsEnd,] connectStart,
 * connectEnd, [proxyTlsStart, proxyTlsEnd,] [tunnelStart, tunnelEnd,] [originTlsStart, originTlsEnd,]
 * connectionAcquired(reused=false), requestHeadersStart, requestHeadersEnd, requestBodyEnd, responseHeadersEnd,
 * responseBodyEnd, connectionReleased, callEnd}. A call on a reused connection goes from {@code proxySelected}
 * straight to {@code connectionAcquired(reused=true)}: acquired without a connect is reuse. A call that waited
 * for a pool slot sees {@code queueStart, queueEnd} after {@code proxySelected}.
 *
 * <p>With HTTP/2 to the proxy, a tunnel is a stream: the call that opens the gateway connection sees {@code
 * connectStart, connectEnd, proxyTlsStart, proxyTlsEnd, gatewayConnectionOpened}, the calls whose tunnels ride
 * an open one go from {@code proxySelected} to {@code tunnelStart}.
 */
public abstract class EventListener {

    public static final EventListener NONE = new EventListener() { };

    /** Makes one listener per call. */
    @FunctionalInterface
    public interface Factory {
        EventListener create(CallInfo call);
    }

    public void callStart(CallInfo call) { }

    /** The route: the proxy (null when direct), with the session's credentials already applied. */
    public void proxySelected(CallInfo call, ProxySpec proxy) { }

    public void queueStart(CallInfo call) { }

    public void queueEnd(CallInfo call, long waitedNanos) { }

    public void dnsStart(CallInfo call, String host) { }

    public void dnsEnd(CallInfo call, String host, List<InetAddress> addresses) { }

    /** TCP to the proxy (or to the origin when direct) starts. */
    public void connectStart(CallInfo call, InetSocketAddress address) { }

    public void connectEnd(CallInfo call, InetSocketAddress address) { }

    public void proxyTlsStart(CallInfo call) { }

    public void proxyTlsEnd(CallInfo call, String tlsVersion) { }

    /**
     * This call opened a TLS connection with ALPN {@code h2} to the proxy, whose streams will carry tunnels of any
     * session (reported once per gateway connection, to the call that opened it, after {@code proxyTlsEnd}).
     *
     * @param gatewayConnectionId the client's number for it, from 1
     */
    public void gatewayConnectionOpened(CallInfo call, long gatewayConnectionId) { }

    /**
     * HTTP/2 to the proxy was asked for but the proxy chose {@code alpn} ({@code http/1.1}, or null for no ALPN):
     * this call's tunnel, and every later one to that proxy, goes over HTTP/1.1, one TLS connection per tunnel.
     */
    public void proxyProtocolFallback(CallInfo call, ProxySpec proxy, String alpn) { }

    /** CONNECT or SOCKS5 negotiation starts ({@code phase} is {@link Phase#CONNECT} or {@link Phase#SOCKS}). */
    public void tunnelStart(CallInfo call, Phase phase) { }

    public void tunnelEnd(CallInfo call, Phase phase) { }

    public void originTlsStart(CallInfo call) { }

    /** @param alpn the protocol the origin chose, {@code h2} or {@code http/1.1} */
    public void originTlsEnd(CallInfo call, String tlsVersion, String alpn) { }

    public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) { }

    public void requestHeadersStart(CallInfo call) { }

    public void requestHeadersEnd(CallInfo call) { }

    /** The request body (possibly empty) was written; {@code bodyBytes} is its length. */
    public void requestBodyEnd(CallInfo call, long bodyBytes) { }

    public void responseHeadersEnd(CallInfo call, int status) { }

    /** @param bodyBytes the body's length after any transfer decoding */
    public void responseBodyEnd(CallInfo call, long bodyBytes) { }

    public void connectionReleased(CallInfo call, ConnectionInfo connection) { }

    /** A connection this call had created or last used was closed. */
    public void connectionClosed(ConnectionInfo connection, CloseReason reason) { }

    public void callEnd(CallInfo call) { }

    /** @param phase the phase the call was in when it failed */
    public void callFailed(CallInfo call, Phase phase, Throwable cause) { }
}
