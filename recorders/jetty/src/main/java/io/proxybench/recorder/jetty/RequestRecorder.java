package io.proxybench.recorder.jetty;

import io.proxybench.recorder.core.ConnectionIds;
import io.proxybench.recorder.core.Recorder;
import java.util.function.Function;
import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpMethod;

/**
 * The client-wide request listener: starts a request's observation when it is queued (with its response listener),
 * names its connection when it begins, and ends it when the request itself fails. The proxy's own CONNECT requests
 * are left out. A request's state is an attribute of the request and goes with it.
 */
final class RequestRecorder implements Request.Listener {

    /** The request attribute the call's state is kept under. */
    private static final String KEY = "io.proxybench.recorder.jetty.call";

    private final Recorder recorder;
    private final Function<Request, String> sessionOf;
    private final ConnectionSetups setups;

    RequestRecorder(Recorder recorder, Function<Request, String> sessionOf, ConnectionSetups setups) {
        this.recorder = recorder;
        this.sessionOf = sessionOf;
        this.setups = setups;
    }

    @Override
    public void onQueued(Request request) {
        if (HttpMethod.CONNECT.is(request.getMethod())) {
            return;
        }
        JettyCall call = new JettyCall(recorder.start());
        call.observation().session(sessionOf.apply(request));
        request.attribute(KEY, call);
        request.onResponseListener(call);
    }

    @Override
    public void onBegin(Request request) {
        if (!(request.getAttributes().get(KEY) instanceof JettyCall call)) {
            return;
        }
        call.begun();
        Connection connection = request.getConnection();
        if (connection != null) {
            ConnectionIds.Seen seen = recorder.connections().see(connection);
            call.observation().connection(seen);
            if (seen.first()) {
                setups.addTo(call.observation(), connection);
            }
        }
    }

    /** Before any response (a refused CONNECT, a connection that could not be opened) Jetty tells only this. */
    @Override
    public void onFailure(Request request, Throwable failure) {
        if (request.getAttributes().get(KEY) instanceof JettyCall call) {
            call.failed(failure);
        }
    }
}
