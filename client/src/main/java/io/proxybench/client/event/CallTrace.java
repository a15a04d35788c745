package io.proxybench.client.event;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.client.pool.CloseReason;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One call's path through the phases: forwards each event to the call's listener and times the phases. Confined
 * to one thread at a time (the call hops between threads only through futures), so it needs no locks.
 *
 * <p>A listener that throws is logged, never allowed to break the call: events fire inside Netty listeners and
 * shared setup (one HTTP/2 connection to a proxy serves many calls), where an exception would be swallowed and
 * leave calls waiting.
 */
public final class CallTrace {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(CallTrace.class);
    /** Listener exceptions so far, in this JVM: the first is logged with its stack, then every thousandth. */
    private static final AtomicLong LISTENER_FAILURES = new AtomicLong();

    private final CallInfo call;
    private final EventListener listener;
    private final Map<Phase, Long> startedAt = new EnumMap<>(Phase.class);
    private final Map<Phase, Long> took = new EnumMap<>(Phase.class);
    private Phase current = Phase.QUEUE;

    public CallTrace(CallInfo call, EventListener listener) {
        this.call = call;
        this.listener = listener;
    }

    public CallInfo call() {
        return call;
    }

    public EventListener listener() {
        return listener;
    }

    /** The phase in progress (or the last one entered), which a failure is labelled with. */
    public Phase current() {
        return current;
    }

    public PhaseTimings timings() {
        return new PhaseTimings(took);
    }

    private void tell(Consumer<EventListener> event) {
        safely(listener, event);
    }

    private static void safely(EventListener listener, Consumer<EventListener> event) {
        try {
            event.accept(listener);
        } catch (RuntimeException e) {
            long n = LISTENER_FAILURES.incrementAndGet();
            if (n == 1) {
                LOG.warn("event listener {} threw; calls go on without it (fix the listener)",
                        listener.getClass().getName(), e);
            } else if (n % 1000 == 0) {
                LOG.warn("event listeners threw {} times so far; the first was logged with its stack", n);
            }
        }
    }

    private void begin(Phase phase) {
        current = phase;
        startedAt.put(phase, System.nanoTime());
    }

    private void end(Phase phase) {
        Long start = startedAt.remove(phase);
        if (start != null) {
            took.merge(phase, System.nanoTime() - start, Long::sum);
        }
    }

    public void callStart() {
        tell(l -> l.callStart(call));
    }

    public void proxySelected(ProxySpec proxy) {
        tell(l -> l.proxySelected(call, proxy));
    }

    public void queueStart() {
        begin(Phase.QUEUE);
        tell(l -> l.queueStart(call));
    }

    /** The wait ended; the pool measured it ({@code waitedNanos}), which is what the call reports. */
    public void queueEnd(long waitedNanos) {
        startedAt.remove(Phase.QUEUE);
        took.put(Phase.QUEUE, waitedNanos);
        tell(l -> l.queueEnd(call, waitedNanos));
    }

    public void dnsStart(String host) {
        begin(Phase.DNS);
        tell(l -> l.dnsStart(call, host));
    }

    public void dnsEnd(String host, List<InetAddress> addresses) {
        end(Phase.DNS);
        tell(l -> l.dnsEnd(call, host, addresses));
    }

    public void connectStart(InetSocketAddress address) {
        begin(Phase.TCP);
        tell(l -> l.connectStart(call, address));
    }

    public void connectEnd(InetSocketAddress address) {
        end(Phase.TCP);
        tell(l -> l.connectEnd(call, address));
    }

    public void proxyTlsStart() {
        begin(Phase.PROXY_TLS);
        tell(l -> l.proxyTlsStart(call));
    }

    public void proxyTlsEnd(String tlsVersion) {
        end(Phase.PROXY_TLS);
        tell(l -> l.proxyTlsEnd(call, tlsVersion));
    }

    public void gatewayConnectionOpened(long gatewayConnectionId) {
        tell(l -> l.gatewayConnectionOpened(call, gatewayConnectionId));
    }

    public void proxyProtocolFallback(ProxySpec proxy, String alpn) {
        tell(l -> l.proxyProtocolFallback(call, proxy, alpn));
    }

    public void tunnelStart(Phase phase) {
        begin(phase);
        tell(l -> l.tunnelStart(call, phase));
    }

    public void tunnelEnd(Phase phase) {
        end(phase);
        tell(l -> l.tunnelEnd(call, phase));
    }

    public void originTlsStart() {
        begin(Phase.TLS);
        tell(l -> l.originTlsStart(call));
    }

    public void originTlsEnd(String tlsVersion, String alpn) {
        end(Phase.TLS);
        tell(l -> l.originTlsEnd(call, tlsVersion, alpn));
    }

    public void connectionAcquired(ConnectionInfo connection, boolean reused) {
        tell(l -> l.connectionAcquired(call, connection, reused));
    }

    public void requestHeadersStart() {
        begin(Phase.REQUEST);
        tell(l -> l.requestHeadersStart(call));
    }

    public void requestHeadersEnd() {
        tell(l -> l.requestHeadersEnd(call));
    }

    public void requestBodyEnd(long bodyBytes) {
        tell(l -> l.requestBodyEnd(call, bodyBytes));
    }

    public void responseHeadersEnd(int status) {
        tell(l -> l.responseHeadersEnd(call, status));
    }

    public void responseBodyEnd(long bodyBytes) {
        end(Phase.REQUEST);
        tell(l -> l.responseBodyEnd(call, bodyBytes));
    }

    public void connectionReleased(ConnectionInfo connection) {
        tell(l -> l.connectionReleased(call, connection));
    }

    /**
     * A connection closed, told to the listener of the call that opened it (the call itself may be long over, so
     * this takes the listener, not a trace).
     */
    public static void connectionClosed(EventListener opener, ConnectionInfo connection, CloseReason reason) {
        safely(opener, l -> l.connectionClosed(connection, reason));
    }

    public void callEnd() {
        tell(l -> l.callEnd(call));
    }

    public void callFailed(Throwable cause) {
        tell(l -> l.callFailed(call, current, cause));
    }
}
