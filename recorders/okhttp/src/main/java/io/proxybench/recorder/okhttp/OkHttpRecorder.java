package io.proxybench.recorder.okhttp;

import io.proxybench.recorder.core.BodyHead;
import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.util.Objects;
import java.util.function.Function;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Records every call of an {@code OkHttpClient} into a {@link Recorder}'s file, through OkHttp's own hooks. One line
 * on the client's builder:
 *
 * <pre>{@code
 * OkHttpRecorder recorder = OkHttpRecorder.of(Recorder.open(Path.of("okhttp.jsonl")));
 * OkHttpClient client = new OkHttpClient.Builder().proxy(proxy).eventListenerFactory(recorder).addInterceptor(recorder)
 *         .build();
 * }</pre>
 *
 * <p>As an {@link EventListener.Factory} it gives each call a listener that times it: {@code dns} (names OkHttp
 * resolves itself), {@code tls} (the handshake with the target through the tunnel), {@code request} (request
 * headers sent until the response body was read), {@code total}; the connection ({@code conn}, {@code reused}:
 * reused when an earlier call ran on it), {@code scheme}, {@code status}, {@code http} and {@code body_len}. As an
 * application {@link Interceptor} it copies the first {@value BodyHead#MAX_BYTES} bytes of a text body as the user
 * reads it, for {@code ip} and {@code loc}; without the interceptor those stay absent. A call's record is written
 * when OkHttp ends the call, that is when the user has read or closed its body.
 *
 * <p>OkHttp cannot show: the TCP connect and the CONNECT exchange apart (its listener has one span for both, from
 * {@code connectStart} to {@code secureConnectStart}), so {@code tcp} and {@code connect} are absent; the bytes on
 * the wire ({@code bytes_out}, {@code bytes_in}), absent. A connection OkHttp opened and then discarded unused (two
 * calls racing to open one HTTP/2 connection) is in no record, though the gateway counted its tunnel.
 *
 * <p>A listener factory of your own combines with {@link EventListener#plus}. Thread-safe; state per call lives in
 * the call's listener and goes with it.
 */
public final class OkHttpRecorder implements EventListener.Factory, Interceptor {

    private final Recorder recorder;
    private final Function<Request, String> sessionOf;

    private OkHttpRecorder(Recorder recorder, Function<Request, String> sessionOf) {
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.sessionOf = Objects.requireNonNull(sessionOf, "sessionOf");
    }

    /**
     * A recorder of calls without sessions.
     *
     * @param recorder the file the records go to
     * @return the listener factory and interceptor to install
     */
    public static OkHttpRecorder of(Recorder recorder) {
        return new OkHttpRecorder(recorder, request -> null);
    }

    /**
     * A recorder that names each call's sticky session, e.g. {@code request -> request.tag(String.class)} for a
     * session id carried as the request's tag.
     *
     * @param recorder the file the records go to
     * @param sessionOf the session id of a call's original request, or null for none; never credentials
     * @return the listener factory and interceptor to install
     */
    public static OkHttpRecorder of(Recorder recorder, Function<Request, String> sessionOf) {
        return new OkHttpRecorder(recorder, sessionOf);
    }

    /**
     * The listener that times {@code call}; OkHttp calls this once per call.
     *
     * @param call the call just made
     * @return its listener, which keeps itself as the call's tag for the interceptor once the call starts
     */
    @Override
    public EventListener create(Call call) {
        return new CallListener(recorder, sessionOf);
    }

    /**
     * Hands the response on with a body that copies its first bytes as the user reads them; the call's record waits
     * until that body is read or closed.
     *
     * @param chain OkHttp's chain
     * @return the response, its body wrapped when it is text
     * @throws IOException as the chain throws it
     */
    @Override
    public Response intercept(Chain chain) throws IOException {
        Response response = chain.proceed(chain.request());
        CallListener listener = chain.call().tag(CallListener.class);
        if (listener == null || listener.observation() == null
                || !BodyHead.worthCopying(response.header("Content-Type"))) {
            return response;
        }
        return response.newBuilder().body(new RecordedBody(response.body(), listener.observation())).build();
    }
}
