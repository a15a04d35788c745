package io.proxybench.recorder.jetty;

import io.proxybench.recorder.core.Recorder;
import java.util.Objects;
import java.util.function.Function;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;

/**
 * Records every request of a Jetty {@code HttpClient} 12 into a {@link Recorder}'s file, through Jetty's own hooks:
 * a client-wide {@code Request.Listener}, and a bean that Jetty adds to each connection it opens as its
 * {@code Connection.Listener} and {@code SslHandshakeListener}. One line, on the client:
 *
 * <pre>{@code
 * JettyRecorder.of(Recorder.open(Path.of("jetty.jsonl"))).install(httpClient);
 * }</pre>
 *
 * <p>When a request is queued, the recorder starts its observation and adds a response listener to the request
 * (Jetty has no client-wide response listener); when it begins on a connection, that connection is numbered
 * ({@code conn}, {@code reused}: reused when an earlier request ran on it) and, for the request that opened it, its
 * setup is added from the connection events of its socket: {@code connect} (from the connection to the proxy opening
 * until the tunnel's TLS starts: the CONNECT exchange) and {@code tls} (until the handshake succeeded). It records
 * {@code request} (from the request beginning on its connection until the response was whole), {@code total} (from
 * being queued), {@code status}, {@code http}, {@code challenge}, and {@code ip} and {@code loc} from the first
 * {@value io.proxybench.recorder.core.BodyHead#MAX_BYTES} bytes of a text body, copied as it passes to the user's
 * listeners. A request's record is written when its response is whole, or when the request fails (a CONNECT the
 * proxy refused is {@code connect_<status>}). The proxy's own CONNECT requests are not recorded; each followed
 * redirect hop is a record of its own, the redirecting responses themselves are not (Jetty's redirector takes
 * their listeners over).
 *
 * <p>Jetty's hooks cannot show: {@code dns} and {@code tcp} (the socket connects before any connection object
 * exists); bytes on the wire ({@code bytes_out}, {@code bytes_in}); the body's length as sent ({@code body_len}:
 * Jetty hands on decoded content). Thread-safe; a request's state lives in the request (an attribute), a
 * connection's setup only while its socket is open.
 */
public final class JettyRecorder {

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
     * @return a recorder to install on a client
     */
    public static JettyRecorder of(Recorder recorder) {
        return new JettyRecorder(recorder, request -> null);
    }

    /**
     * A recorder that names each request's sticky session, e.g. {@code request -> (String) request.getTag()}.
     *
     * @param recorder the file the records go to
     * @param sessionOf the session id of a request, or null for none; never credentials
     * @return a recorder to install on a client
     */
    public static JettyRecorder of(Recorder recorder, Function<Request, String> sessionOf) {
        return new JettyRecorder(recorder, sessionOf);
    }

    /**
     * Records {@code client}'s requests from now on: adds the request listener and the connection events' bean.
     * Install it before the client opens connections (before {@code start()} or the first request) for their setup
     * to be timed.
     *
     * @param client the user's client
     * @return {@code client}
     */
    public HttpClient install(HttpClient client) {
        ConnectionSetups setups = new ConnectionSetups(recorder);
        client.addBean(setups);
        client.getRequestListeners().addListener(new RequestRecorder(recorder, sessionOf, setups));
        return client;
    }
}
