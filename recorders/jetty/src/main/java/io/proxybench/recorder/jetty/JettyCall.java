package io.proxybench.recorder.jetty;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.BodyHead;
import io.proxybench.recorder.core.ErrorLabel;
import io.proxybench.recorder.core.Observation;
import java.net.ConnectException;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLException;
import org.eclipse.jetty.client.HttpResponseException;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.http.HttpVersion;

/**
 * One request's response side, added to the request as its response listener when it is queued. It copies
 * the first bytes of a text body as they pass to the user's listeners (the buffers untouched) and ends the call's
 * observation when the response succeeds or the exchange fails.
 */
final class JettyCall implements Response.Listener {

    private final Observation observation;
    private volatile BodyHead head;
    private volatile boolean begun;

    JettyCall(Observation observation) {
        this.observation = observation;
    }

    Observation observation() {
        return observation;
    }

    /** The request was given a connection and starts going out. */
    void begun() {
        begun = true;
        observation.start(Phase.REQUEST);
    }

    @Override
    public void onHeaders(Response response) {
        String contentType = response.getHeaders().get("Content-Type");
        head = BodyHead.worthCopying(contentType) ? observation.body() : null;
        observation.response(response.getStatus(), response.getVersion() == HttpVersion.HTTP_2 ? "h2" : "http/1.1",
                "challenge".equalsIgnoreCase(response.getHeaders().get("cf-mitigated")));
    }

    @Override
    public void onContent(Response response, ByteBuffer content) {
        BodyHead h = head;
        if (h != null && !h.full()) {
            h.add(content);
        }
    }

    /**
     * The response is whole: the record is written here, because Jetty tells every listener of a success before it
     * tells any of the completion (the user's {@code send} returns at its completion listener).
     */
    @Override
    public void onSuccess(Response response) {
        observation.end(Phase.REQUEST);
        observation.end();
    }

    @Override
    public void onFailure(Response response, Throwable failure) {
        failed(failure);
    }

    /** A request that failed after its response succeeded is a success as far as the record goes; the first end stands. */
    @Override
    public void onComplete(Result result) {
        if (result.isFailed()) {
            failed(result.getFailure());
        }
    }

    /** The request failed; the first end of the call stands, so a response's own completion adds nothing. */
    void failed(Throwable failure) {
        observation.end(Phase.REQUEST);
        observation.fail(label(failure));
    }

    /**
     * {@code connect_NNN} for a CONNECT the proxy refused, {@code tcp} for a socket that did not connect, {@code tls}
     * for a failed handshake; after the request began, {@code request}; else {@code total}.
     */
    private String label(Throwable failure) {
        if (failure instanceof HttpResponseException refused && refused.getResponse() != null
                && !begun) {
            return ErrorLabel.of(Phase.CONNECT, refused.getResponse().getStatus());
        }
        if (failure instanceof ConnectException) {
            return ErrorLabel.of(Phase.TCP, failure);
        }
        if (failure instanceof SSLException) {
            return ErrorLabel.of(Phase.TLS, failure);
        }
        return ErrorLabel.of(begun ? Phase.REQUEST : Phase.TOTAL, failure);
    }
}
