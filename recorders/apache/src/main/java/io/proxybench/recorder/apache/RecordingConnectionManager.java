package io.proxybench.recorder.apache;

import java.io.IOException;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.io.ConnectionEndpoint;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.client5.http.io.LeaseRequest;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The user's connection manager, watched where it opens connections: {@link #connect} (the socket, to the proxy
 * when there is one) and {@link #upgrade} (TLS with the target through the tunnel) get the call's context, so they
 * are timed for the call that opens the connection. Everything else is the user's manager's own.
 */
final class RecordingConnectionManager implements HttpClientConnectionManager {

    private final HttpClientConnectionManager delegate;

    RecordingConnectionManager(HttpClientConnectionManager delegate) {
        this.delegate = delegate;
    }

    private static ApacheCall call(HttpContext context) {
        return context == null ? null : (ApacheCall) context.getAttribute(ApacheCall.KEY);
    }

    @Override
    public LeaseRequest lease(String id, HttpRoute route, Timeout requestTimeout, Object state) {
        return delegate.lease(id, route, requestTimeout, state);
    }

    @Override
    public void release(ConnectionEndpoint endpoint, Object newState, TimeValue validDuration) {
        delegate.release(endpoint, newState, validDuration);
    }

    @Override
    public void connect(ConnectionEndpoint endpoint, TimeValue connectTimeout, HttpContext context)
            throws IOException {
        ApacheCall call = call(context);
        if (call != null) {
            call.connecting();
        }
        delegate.connect(endpoint, connectTimeout, context);
        if (call != null) {
            call.connected();
        }
    }

    @Override
    public void upgrade(ConnectionEndpoint endpoint, HttpContext context) throws IOException {
        ApacheCall call = call(context);
        if (call != null) {
            call.upgrading();
        }
        delegate.upgrade(endpoint, context);
        if (call != null) {
            call.upgraded();
        }
    }

    @Override
    public void close(CloseMode closeMode) {
        delegate.close(closeMode);
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
