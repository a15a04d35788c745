package io.proxybench.client.internal.event;

import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;

/**
 * One call's path through the phases: forwards each event to the call's listener and times the phases. Confined
 * to one thread at a time (the call hops between threads only through futures), so it needs no locks.
 *
 * <p>A listener that throws is logged, never allowed to break the call: events fire inside Netty listeners and
 * shared setup (one HTTP/2 connection to a proxy serves many calls), where an exception would be swallowed and
 * leave calls waiting.
 */
public final class CallTrace {

    private static final Phase[] PHASES = Phase.values();

    private final CallInfo call;
    private final EventListener listener;
    /** Nanoseconds {@link Phase#QUEUE} took, as the pool measured it; -1 unless the call waited for a connection. */
    private long queueTook = -1;
    /** Nanoseconds {@link Phase#REQUEST} took; -1 until the response has ended. */
    private long requestTook = -1;
    /** {@link System#nanoTime()} at which {@link Phase#REQUEST} began. */
    private long requestStartedAt;
    /**
     * The phases that set a connection up (every phase but {@link Phase#QUEUE} and {@link Phase#REQUEST}), by
     * ordinal: nanoseconds each took, -1 for one not ended (as {@link PhaseTimings}), and the {@link
     * System#nanoTime()} at which each began, meaningful where {@link #started} has it. Both are made when such a
     * phase begins: a call on an open connection goes through none, and makes neither.
     */
    private long[] setupTook;
    private long[] setupStartedAt;
    /** Bit {@code 1 << ordinal} of each phase begun and not yet ended (there are fewer than 32 phases). */
    private int started;
    private Phase current = Phase.QUEUE;

    public CallTrace(CallInfo call, EventListener listener) {
        this.call = call;
        this.listener = GuardedListener.of(listener);
    }

    public CallInfo call() {
        return call;
    }

    /** The call's listener, guarded: it may be told of events after the call, such as its connection closing. */
    public EventListener listener() {
        return listener;
    }

    /** The phase in progress (or the last one entered), which a failure is labelled with. */
    public Phase current() {
        return current;
    }

    /** What the call went through so far: each phase's nanoseconds, a phase entered twice summed. */
    public PhaseTimings timings() {
        PhaseTimings.Builder timings = PhaseTimings.builder();
        if (queueTook >= 0) {
            timings.put(Phase.QUEUE, queueTook);
        }
        if (requestTook >= 0) {
            timings.put(Phase.REQUEST, requestTook);
        }
        if (setupTook != null) {
            for (Phase phase : PHASES) {
                long took = setupTook[phase.ordinal()];
                if (took >= 0 && phase != Phase.QUEUE && phase != Phase.REQUEST) {
                    timings.put(phase, took);
                }
            }
        }
        return timings.build();
    }

    private static int bit(Phase phase) {
        return 1 << phase.ordinal();
    }

    private void begin(Phase phase) {
        current = phase;
        long now = System.nanoTime();
        if (phase == Phase.REQUEST) {
            requestStartedAt = now;
        } else {
            if (setupTook == null) {
                setupTook = new long[PHASES.length];
                Arrays.fill(setupTook, -1);
                setupStartedAt = new long[PHASES.length];
            }
            setupStartedAt[phase.ordinal()] = now;
        }
        started |= bit(phase);
    }

    private void end(Phase phase) {
        if ((started & bit(phase)) != 0) {
            started &= ~bit(phase);
            long now = System.nanoTime();
            if (phase == Phase.REQUEST) {
                requestTook = Math.max(requestTook, 0) + Math.max(0, now - requestStartedAt);
            } else {
                int i = phase.ordinal();
                setupTook[i] = Math.max(setupTook[i], 0) + Math.max(0, now - setupStartedAt[i]);
            }
        }
    }

    public void callStart() {
        listener.callStart(call);
    }

    public void proxySelected(ProxySpec proxy) {
        listener.proxySelected(call, proxy);
    }

    /** The call waits for a connection; the pool measures the wait, so no start time is kept here. */
    public void queueStart() {
        current = Phase.QUEUE;
        listener.queueStart(call);
    }

    /** The wait ended; the pool measured it ({@code waitedNanos}), which is what the call reports. */
    public void queueEnd(long waitedNanos) {
        queueTook = Math.max(0, waitedNanos);
        listener.queueEnd(call, waitedNanos);
    }

    public void dnsStart(String host) {
        begin(Phase.DNS);
        listener.dnsStart(call, host);
    }

    public void dnsEnd(String host, List<InetAddress> addresses) {
        end(Phase.DNS);
        listener.dnsEnd(call, host, addresses);
    }

    /**
     * An attempt to connect to {@code address} starts; {@link Phase#TCP} begins with a connection's first attempt
     * and spans the race of its addresses until one connects.
     */
    public void connectStart(InetSocketAddress address) {
        if ((started & bit(Phase.TCP)) == 0) {
            begin(Phase.TCP);
        }
        listener.connectStart(call, address);
    }

    /** The attempt to connect to {@code address} failed; {@link Phase#TCP} goes on while other attempts do. */
    public void connectFailed(InetSocketAddress address, Throwable cause) {
        listener.connectFailed(call, address, cause);
    }

    public void connectEnd(InetSocketAddress address) {
        end(Phase.TCP);
        listener.connectEnd(call, address);
    }

    public void proxyTlsStart() {
        begin(Phase.PROXY_TLS);
        listener.proxyTlsStart(call);
    }

    public void proxyTlsEnd(String tlsVersion) {
        end(Phase.PROXY_TLS);
        listener.proxyTlsEnd(call, tlsVersion);
    }

    public void gatewayConnectionOpened(long gatewayConnectionId) {
        listener.gatewayConnectionOpened(call, gatewayConnectionId);
    }

    public void proxyProtocolFallback(ProxySpec proxy, String alpn) {
        listener.proxyProtocolFallback(call, proxy, alpn);
    }

    public void tunnelStart(Phase phase) {
        begin(phase);
        listener.tunnelStart(call, phase);
    }

    public void tunnelEnd(Phase phase) {
        end(phase);
        listener.tunnelEnd(call, phase);
    }

    public void originTlsStart() {
        begin(Phase.TLS);
        listener.originTlsStart(call);
    }

    public void originTlsEnd(String tlsVersion, String alpn) {
        end(Phase.TLS);
        listener.originTlsEnd(call, tlsVersion, alpn);
    }

    public void connectionAcquired(ConnectionInfo connection, boolean reused) {
        listener.connectionAcquired(call, connection, reused);
    }

    public void requestHeadersStart() {
        begin(Phase.REQUEST);
        listener.requestHeadersStart(call);
    }

    /**
     * The {@link System#nanoTime()} at which {@link Phase#REQUEST} began, or the clock's now before it has: the
     * exchange's response deadline counts from there, without a clock reading of its own (about 30 ns here, a few
     * tenths of a percent of a kept-alive request's CPU).
     */
    public long requestStartedOrNow() {
        return (started & bit(Phase.REQUEST)) != 0 || requestTook >= 0 ? requestStartedAt : System.nanoTime();
    }

    public void requestHeadersEnd() {
        listener.requestHeadersEnd(call);
    }

    public void requestBodyEnd(long bodyBytes) {
        listener.requestBodyEnd(call, bodyBytes);
    }

    public void responseHeadersEnd(int status) {
        listener.responseHeadersEnd(call, status);
    }

    public void responseBodyEnd(long bodyBytes) {
        end(Phase.REQUEST);
        listener.responseBodyEnd(call, bodyBytes);
    }

    public void connectionReleased(ConnectionInfo connection) {
        listener.connectionReleased(call, connection);
    }

    public void callEnd() {
        listener.callEnd(call);
    }

    public void callFailed(Throwable cause) {
        listener.callFailed(call, current, cause);
    }
}
