package io.proxybench.recorder.jdk;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.BodyHead;
import io.proxybench.recorder.core.ErrorLabel;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/**
 * One call through the decorated client. It is over in two parts that come in either order: the response (which
 * names the connection, through its TLS session) and the end of its body (when the user's body handler finished).
 * The observation is held from the start and released once both are in, or at the failure.
 */
final class JdkCall {

    /** The JDK's words for a CONNECT the proxy refused: {@code Tunnel failed, got: 403}. */
    private static final Pattern TUNNEL_FAILED = Pattern.compile("^Tunnel failed, got: (\\d{3})$");
    private static final long UNSET = -1;

    private final Recorder recorder;
    private final Observation observation;
    private final long startNanos;
    private final boolean https;
    private int status;
    private String http;
    private boolean challenge;
    private long bodyEndNanos = UNSET;
    private long requestStartNanos = UNSET;
    private boolean released;

    JdkCall(Recorder recorder, HttpRequest request, String session) {
        this.recorder = recorder;
        this.observation = recorder.start();
        this.startNanos = recorder.nanoTime();
        URI uri = request.uri();
        this.https = "https".equalsIgnoreCase(uri.getScheme());
        observation.session(session);
        observation.hold();
    }

    /** The user's body handler, wrapped to see the response head and copy the body's first bytes. */
    <T> HttpResponse.BodyHandler<T> handler(HttpResponse.BodyHandler<T> user) {
        return info -> {
            String contentType = info.headers().firstValue("Content-Type").orElse(null);
            synchronized (this) {
                status = info.statusCode();
                http = alpn(info.version());
                challenge = info.headers().firstValue("cf-mitigated").filter("challenge"::equalsIgnoreCase)
                        .isPresent();
            }
            BodyHead head = BodyHead.worthCopying(contentType) ? observation.body() : null;
            return new TeeSubscriber<>(user.apply(info), head, this);
        };
    }

    /** The body handler finished: completed, having passed on {@code bytes}; failed or cancelled, -1. */
    void bodyEnded(long bytes) {
        if (bytes >= 0) {
            observation.bodyLength(bytes);
        }
        synchronized (this) {
            bodyEndNanos = recorder.nanoTime();
        }
        releaseWhenBothIn();
    }

    /**
     * The client answered: the connection is named by the tap its TLS session carries. A response to an
     * {@code https} request without a TLS session is the proxy's answer to the CONNECT (e.g. 407).
     */
    void responded(HttpResponse<?> response) {
        ConnectionTap tap = response.sslSession().map(s -> s.getValue(TappedSession.KEY))
                .filter(ConnectionTap.class::isInstance).map(ConnectionTap.class::cast).orElse(null);
        if (https && response.sslSession().isEmpty()) {
            observation.fail(ErrorLabel.of(Phase.CONNECT, response.statusCode()));
            release();
            return;
        }
        long requestStart = startNanos;
        if (tap != null) {
            boolean first = tap.firstResponse();
            observation.connection(tap.id(), !first);
            if (first) {
                observation.add(Phase.TLS, tap.handshakeNanos());
                requestStart = Math.max(startNanos, tap.handshakeEnd());
            }
        }
        synchronized (this) {
            observation.response(status, http, challenge);
            requestStartNanos = requestStart;
        }
        observation.end();
        releaseWhenBothIn();
    }

    /** The call failed: labelled by what the exception says about the phase, as far as the JDK tells. */
    void failed(Throwable failure) {
        observation.fail(label(failure));
        release();
    }

    private void releaseWhenBothIn() {
        long request;
        synchronized (this) {
            if (bodyEndNanos == UNSET || requestStartNanos == UNSET) {
                return;
            }
            request = bodyEndNanos - requestStartNanos;
        }
        observation.add(Phase.REQUEST, request);
        release();
    }

    private void release() {
        synchronized (this) {
            if (released) {
                return;
            }
            released = true;
        }
        observation.release();
    }

    /**
     * {@code tcp} when the socket to the proxy did not connect, {@code connect_NNN} for a refused CONNECT, {@code tls}
     * for a handshake that failed, {@code total} for anything else (a request timeout, a reset).
     */
    static String label(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof IOException && t.getMessage() != null) {
            Matcher refused = TUNNEL_FAILED.matcher(t.getMessage());
            if (refused.matches()) {
                return ErrorLabel.of(Phase.CONNECT, Integer.parseInt(refused.group(1)));
            }
        }
        if (t instanceof ConnectException || t instanceof HttpConnectTimeoutException) {
            return ErrorLabel.of(Phase.TCP, t);
        }
        if (t instanceof SSLException) {
            return ErrorLabel.of(Phase.TLS, t);
        }
        return ErrorLabel.of(Phase.TOTAL, t);
    }

    private static String alpn(HttpClient.Version version) {
        return version == HttpClient.Version.HTTP_2 ? "h2" : "http/1.1";
    }
}
