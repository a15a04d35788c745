package io.proxybench.recorder.apache;

import io.proxybench.recorder.core.Recorder;
import java.util.Objects;
import java.util.function.Function;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.client5.http.protocol.HttpClientContext;

/**
 * Records every call of an Apache HttpClient 5 classic client into a {@link Recorder}'s file, through the client's
 * own hooks: a first handler in its exec chain (one per call, redirects and retries within it) and its connection
 * manager, decorated where it opens connections. One line on the builder, once its connection manager is set:
 *
 * <pre>{@code
 * ApacheRecorder recorder = ApacheRecorder.of(Recorder.open(Path.of("apache.jsonl")));
 * CloseableHttpClient client = recorder.decorate(HttpClients.custom().setProxy(proxy).setConnectionManager(pool))
 *         .build();
 * }</pre>
 *
 * <p>It records {@code tcp} (the manager's connect: the socket to the proxy, with the proxy's name resolved and, for
 * an {@code https://} proxy, TLS with it), {@code connect} (the CONNECT exchange, authentication retries included),
 * {@code tls} (with the target through the tunnel), {@code request} (from the connection being ready, or the call's
 * start on a reused one, until the body was read or closed), {@code total}, {@code conn} and {@code reused}
 * (reused when the call did not open its connection), {@code scheme}, {@code status}, {@code http},
 * {@code body_len}, and {@code ip} and {@code loc} from the first
 * {@value io.proxybench.recorder.core.BodyHead#MAX_BYTES} bytes of a text body, copied as the user reads it. A
 * call's record is written when its response is closed (or its body read to the end); a CONNECT the proxy refused
 * is recorded as {@code connect_<status>}.
 *
 * <p>Apache's hooks cannot show: {@code dns} apart from {@code tcp}; bytes on the wire ({@code bytes_out},
 * {@code bytes_in}: its connection metrics count HTTP bytes above TLS). The async client
 * ({@code HttpAsyncClients}) is not covered. Thread-safe; state per call lives in the call's context while it runs
 * and in its response after.
 */
public final class ApacheRecorder {

    private final Recorder recorder;
    private final Function<HttpClientContext, String> sessionOf;

    private ApacheRecorder(Recorder recorder, Function<HttpClientContext, String> sessionOf) {
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.sessionOf = Objects.requireNonNull(sessionOf, "sessionOf");
    }

    /**
     * A recorder of calls without sessions.
     *
     * @param recorder the file the records go to
     * @return a recorder that decorates client builders
     */
    public static ApacheRecorder of(Recorder recorder) {
        return new ApacheRecorder(recorder, context -> null);
    }

    /**
     * A recorder that names each call's sticky session from the call's context, e.g.
     * {@code context -> (String) context.getUserToken()} when the user token is the session (as it must be for
     * Apache's pool to keep sessions' connections apart).
     *
     * @param recorder the file the records go to
     * @param sessionOf the session id of a call, from its context; null for none; never credentials
     * @return a recorder that decorates client builders
     */
    public static ApacheRecorder of(Recorder recorder, Function<HttpClientContext, String> sessionOf) {
        return new ApacheRecorder(recorder, sessionOf);
    }

    /**
     * Adds the recording handler first in {@code builder}'s exec chain and decorates its connection manager (a
     * default {@code PoolingHttpClientConnectionManager} when none is set yet). Call it after setting the connection
     * manager: one set later replaces the decorated one, and connections go unrecorded.
     *
     * @param builder the client's builder
     * @return {@code builder}, to build
     */
    public HttpClientBuilder decorate(HttpClientBuilder builder) {
        HttpClientConnectionManager manager = builder.getConnManager();
        if (manager == null) {
            manager = PoolingHttpClientConnectionManagerBuilder.create().build();
        }
        return builder.setConnectionManager(new RecordingConnectionManager(manager))
                .addExecInterceptorFirst("proxybench-recorder", new RecordingExecHandler(recorder, sessionOf));
    }
}
