package io.proxybench.recorder.jetty;

import io.proxybench.recorder.core.ConnectionIds;
import io.proxybench.recorder.core.Recorder;
import java.util.Objects;
import java.util.function.Function;
import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.http.HttpMethod;

/**
 * Records every request of a Jetty {@code HttpClient} 12 into a {@link Recorder}'s file, as a client-wide
 * {@link Request.Listener}. One line, on the client:
 *
 * <pre>{@code
 * JettyRecorder recorder = JettyRecorder.of(Recorder.open(Path.of("jetty.jsonl")));
 * httpClient.getRequestListeners().addListener(recorder);
 * }</pre>
 *
 * <p>When a request is queued, the recorder starts its observation and adds a response listener to the request
 * (Jetty has no client-wide response listener); when it begins on a connection, that connection is
 * numbered ({@code conn}, {@code reused}: reused when an earlier request ran on it). It records {@code request}
 * (from the request beginning on its connection until the exchange completed), {@code total} (from being queued),
 * {@code status}, {@code http}, and {@code ip} and {@code loc} from the first
 * {@value io.proxybench.recorder.core.BodyHead#MAX_BYTES} bytes of a text body, copied as it passes to the user's
 * listeners. A request's record is written when its exchange completes. The proxy's own CONNECT requests are not
 * recorded; a redirect's hops are, each followed hop as a record of its own, except the redirecting responses
 * themselves (Jetty's redirector takes their listeners over).
 *
 * <p>Jetty's request and response listeners cannot show how a new connection was set up: {@code dns}, {@code tcp},
 * {@code connect} and {@code tls} are absent, and a new connection's setup is inside {@code total} only. Nor bytes on
 * the wire ({@code bytes_out}, {@code bytes_in}) or the body's length ({@code body_len}: Jetty hands on decoded
 * content). Thread-safe; a request's state lives in the request (an attribute) and goes with it.
 */
public final class JettyRecorder implements Request.Listener {

    /** The request attribute the call's state is kept under. */
    private static final String KEY = "io.proxybench.recorder.jetty.call";

    private final Recorder recorder;
    private final Function<Request, String> sessionOf;

    private JettyRecorder(Recorder recorder, Function<Request, String> sessionOf) {
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.sessionOf = Objects.requireNonNull(sessionOf, "sessionOf");
    }

    /**
     * A recorder of requests without sessions.
     *
     * @param recorder the file the records go to
     * @return the request listener to add to the client
     */
    public static JettyRecorder of(Recorder recorder) {
        return new JettyRecorder(recorder, request -> null);
    }

    /**
     * A recorder that names each request's sticky session, e.g. {@code request -> (String) request.getTag()}.
     *
     * @param recorder the file the records go to
     * @param sessionOf the session id of a request, or null for none; never credentials
     * @return the request listener to add to the client
     */
    public static JettyRecorder of(Recorder recorder, Function<Request, String> sessionOf) {
        return new JettyRecorder(recorder, sessionOf);
    }

    /**
     * Starts the request's observation and listens to its response.
     *
     * @param request the request Jetty queued
     */
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

    /**
     * Names the connection the request begins on.
     *
     * @param request the request Jetty is sending
     */
    @Override
    public void onBegin(Request request) {
        if (!(request.getAttributes().get(KEY) instanceof JettyCall call)) {
            return;
        }
        Connection connection = request.getConnection();
        if (connection != null) {
            ConnectionIds.Seen seen = recorder.connections().see(connection);
            call.observation().connection(seen);
        }
        call.begun();
    }

    /**
     * Ends the request's observation when the request itself failed: before any response (a refused CONNECT, a
     * connection that could not be opened) Jetty tells only the request's listeners.
     *
     * @param request the request that failed
     * @param failure why
     */
    @Override
    public void onFailure(Request request, Throwable failure) {
        if (request.getAttributes().get(KEY) instanceof JettyCall call) {
            call.failed(failure);
        }
    }
}
