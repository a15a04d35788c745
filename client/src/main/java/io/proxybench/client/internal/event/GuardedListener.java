package io.proxybench.client.internal.event;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.CloseReason;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.proxy.ProxySpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A listener whose exceptions are logged, never thrown into the call: events fire inside Netty listeners and shared
 * setup (one HTTP/2 connection to a proxy serves many calls), where an exception would be swallowed and leave calls
 * waiting. Wrapping once per call keeps each event a plain method call.
 */
final class GuardedListener extends EventListener {

    private static final InternalLogger LOG = InternalLoggerFactory.getInstance(GuardedListener.class);
    /** Listener exceptions so far, in this JVM: the first is logged with its stack, then every thousandth. */
    private static final AtomicLong FAILURES = new AtomicLong();

    private final EventListener listener;

    private GuardedListener(EventListener listener) {
        this.listener = listener;
    }

    /** {@code listener} guarded; the no-op listener and an already guarded one as they are. */
    static EventListener of(EventListener listener) {
        return listener == NONE || listener instanceof GuardedListener ? listener : new GuardedListener(listener);
    }

    private void threw(RuntimeException e) {
        long n = FAILURES.incrementAndGet();
        if (n == 1) {
            LOG.warn("event listener {} threw; calls go on without it (fix the listener)",
                    listener.getClass().getName(), e);
        } else if (n % 1000 == 0) {
            LOG.warn("event listeners threw {} times so far; the first was logged with its stack", n);
        }
    }

    @Override
    public void callStart(CallInfo call) {
        try {
            listener.callStart(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void proxySelected(CallInfo call, ProxySpec proxy) {
        try {
            listener.proxySelected(call, proxy);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void queueStart(CallInfo call) {
        try {
            listener.queueStart(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void queueEnd(CallInfo call, long waitedNanos) {
        try {
            listener.queueEnd(call, waitedNanos);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void dnsStart(CallInfo call, String host) {
        try {
            listener.dnsStart(call, host);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void dnsEnd(CallInfo call, String host, List<InetAddress> addresses) {
        try {
            listener.dnsEnd(call, host, addresses);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectStart(CallInfo call, InetSocketAddress address) {
        try {
            listener.connectStart(call, address);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectEnd(CallInfo call, InetSocketAddress address) {
        try {
            listener.connectEnd(call, address);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectFailed(CallInfo call, InetSocketAddress address, Throwable cause) {
        try {
            listener.connectFailed(call, address, cause);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void proxyTlsStart(CallInfo call) {
        try {
            listener.proxyTlsStart(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void proxyTlsEnd(CallInfo call, String tlsVersion) {
        try {
            listener.proxyTlsEnd(call, tlsVersion);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void gatewayConnectionOpened(CallInfo call, long gatewayConnectionId) {
        try {
            listener.gatewayConnectionOpened(call, gatewayConnectionId);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void proxyProtocolFallback(CallInfo call, ProxySpec proxy, String alpn) {
        try {
            listener.proxyProtocolFallback(call, proxy, alpn);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void tunnelStart(CallInfo call, Phase phase) {
        try {
            listener.tunnelStart(call, phase);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void tunnelEnd(CallInfo call, Phase phase) {
        try {
            listener.tunnelEnd(call, phase);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void originTlsStart(CallInfo call) {
        try {
            listener.originTlsStart(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void originTlsEnd(CallInfo call, String tlsVersion, String alpn) {
        try {
            listener.originTlsEnd(call, tlsVersion, alpn);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) {
        try {
            listener.connectionAcquired(call, connection, reused);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void requestHeadersStart(CallInfo call) {
        try {
            listener.requestHeadersStart(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void requestHeadersEnd(CallInfo call) {
        try {
            listener.requestHeadersEnd(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void requestBodyEnd(CallInfo call, long bodyBytes) {
        try {
            listener.requestBodyEnd(call, bodyBytes);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void responseHeadersEnd(CallInfo call, int status) {
        try {
            listener.responseHeadersEnd(call, status);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void responseBodyEnd(CallInfo call, long bodyBytes) {
        try {
            listener.responseBodyEnd(call, bodyBytes);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectionReleased(CallInfo call, ConnectionInfo connection) {
        try {
            listener.connectionReleased(call, connection);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void connectionClosed(ConnectionInfo connection, CloseReason reason) {
        try {
            listener.connectionClosed(connection, reason);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void callEnd(CallInfo call) {
        try {
            listener.callEnd(call);
        } catch (RuntimeException e) {
            threw(e);
        }
    }

    @Override
    public void callFailed(CallInfo call, Phase phase, Throwable cause) {
        try {
            listener.callFailed(call, phase, cause);
        } catch (RuntimeException e) {
            threw(e);
        }
    }
}
