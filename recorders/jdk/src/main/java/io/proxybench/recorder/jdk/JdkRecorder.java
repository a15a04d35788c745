package io.proxybench.recorder.jdk;

import io.proxybench.recorder.core.Recorder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;
import java.util.function.Function;
import javax.net.ssl.SSLContext;

/**
 * Records every call of a JDK {@link HttpClient} into a {@link Recorder}'s file. The JDK's client has no event API,
 * so the recorder decorates the client (each {@code send} and {@code sendAsync}) and taps the {@link SSLContext} it
 * is built with: the client makes one {@link javax.net.ssl.SSLEngine} per TLS connection, so each engine is a
 * connection the recorder can number and time, and each response's TLS session names its engine. One line, where
 * the client is built:
 *
 * <pre>{@code
 * JdkRecorder recorder = JdkRecorder.of(Recorder.open(Path.of("jdk.jsonl")));
 * HttpClient client = recorder.build(HttpClient.newBuilder().proxy(ProxySelector.of(proxy)), sslContext);
 * }</pre>
 *
 * <p>It records, for {@code https://} targets: {@code tls} (the engine's handshake with the target, on the request
 * that opened the connection), {@code request} (from that handshake's end, or the call's start on a reused
 * connection, until the body handler finished), {@code total}, {@code conn} and {@code reused} (reused when the
 * recorder saw an earlier response on the connection), {@code status}, {@code http}, {@code body_len}, and
 * {@code ip} and {@code loc} from the first {@value io.proxybench.recorder.core.BodyHead#MAX_BYTES} bytes of a text
 * body, copied as the body handler receives them. A call's record is written once the response is in and its body
 * handler has finished (a body left unread, e.g. an unread {@code ofInputStream}, leaves the call unrecorded).
 *
 * <p>The JDK's client cannot show: name resolution ({@code dns}), the TCP connect to the proxy ({@code tcp}) and the
 * CONNECT exchange ({@code connect}), which it runs inside without a hook; bytes on the wire ({@code bytes_out},
 * {@code bytes_in}: the engine sees TLS records, not the CONNECT); and for plain {@code http://} targets, which
 * connection a request used ({@code conn}, {@code reused} absent). A CONNECT the proxy refused is recorded as
 * {@code connect_<status>}.
 *
 * <p>Java 21's {@code close()}, {@code shutdown()} and the rest are passed to the built client where the JDK has
 * them. Thread-safe; state per call lives in the call's future and goes with it.
 */
public final class JdkRecorder {

    private final Recorder recorder;
    private final Function<HttpRequest, String> sessionOf;

    private JdkRecorder(Recorder recorder, Function<HttpRequest, String> sessionOf) {
        this.recorder = Objects.requireNonNull(recorder, "recorder");
        this.sessionOf = Objects.requireNonNull(sessionOf, "sessionOf");
    }

    /**
     * A recorder of calls without sessions.
     *
     * @param recorder the file the records go to
     * @return a recorder that builds recording clients
     */
    public static JdkRecorder of(Recorder recorder) {
        return new JdkRecorder(recorder, request -> null);
    }

    /**
     * A recorder that names each call's sticky session, e.g. from a header the user's code sets per session.
     *
     * @param recorder the file the records go to
     * @param sessionOf the session id of a request, or null for none; never credentials
     * @return a recorder that builds recording clients
     */
    public static JdkRecorder of(Recorder recorder, Function<HttpRequest, String> sessionOf) {
        return new JdkRecorder(recorder, sessionOf);
    }

    /**
     * Builds {@code builder}'s client with {@code sslContext} tapped, decorated to record its calls. The builder's
     * SSL context is set to the tapped one; {@link HttpClient#sslContext()} of the result is {@code sslContext}.
     *
     * @param builder the client's builder, configured as the user wants (proxy, version, timeouts...)
     * @param sslContext the SSL context the client is to use
     * @return the recording client
     */
    public HttpClient build(HttpClient.Builder builder, SSLContext sslContext) {
        HttpClient client = builder.sslContext(new TappedSslContext(sslContext, recorder)).build();
        return new RecordingHttpClient(client, sslContext, recorder, sessionOf);
    }

    /**
     * {@link #build(HttpClient.Builder, SSLContext)} with the platform's default SSL context, the client's own
     * default.
     *
     * @param builder the client's builder, without an SSL context of its own
     * @return the recording client
     * @throws NoSuchAlgorithmException if the platform has no default SSL context
     */
    public HttpClient build(HttpClient.Builder builder) throws NoSuchAlgorithmException {
        return build(builder, SSLContext.getDefault());
    }
}
