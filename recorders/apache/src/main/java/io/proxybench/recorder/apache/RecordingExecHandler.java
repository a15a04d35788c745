package io.proxybench.recorder.apache;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.ConnectionIds;
import io.proxybench.recorder.core.ErrorLabel;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.util.Locale;
import java.util.function.Function;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolVersion;

/**
 * The first handler of the exec chain: one call of the user's, redirects and retries within it. It starts the
 * call's observation, keeps the call in the context for the connection manager while the chain runs, and on the
 * answer names the connection (the endpoint details the request executor put in the context, one object per
 * connection once its TLS is up) and hands the body on wrapped. A response that comes back while the CONNECT
 * exchange is still the open phase is the proxy refusing the tunnel: {@code connect_<status>}.
 */
final class RecordingExecHandler implements ExecChainHandler {

    private final Recorder recorder;
    private final Function<HttpClientContext, String> sessionOf;

    RecordingExecHandler(Recorder recorder, Function<HttpClientContext, String> sessionOf) {
        this.recorder = recorder;
        this.sessionOf = sessionOf;
    }

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        HttpClientContext context = scope.clientContext;
        HttpRoute route = scope.route;
        Observation observation = recorder.start();
        observation.session(sessionOf.apply(context));
        if (route.getProxyHost() != null) {
            observation.scheme(route.getProxyHost().getSchemeName().toLowerCase(Locale.ROOT));
        }
        ApacheCall call = new ApacheCall(recorder, observation, route.isTunnelled());
        observation.hold();
        context.setAttribute(ApacheCall.KEY, call);
        ClassicHttpResponse response;
        try {
            response = chain.proceed(request, scope);
        } catch (IOException | HttpException | RuntimeException e) {
            Phase open = observation.openPhase();
            observation.fail(ErrorLabel.of(open == null ? Phase.TOTAL : open, e));
            observation.release();
            throw e;
        } finally {
            context.removeAttribute(ApacheCall.KEY);
        }
        if (observation.openPhase() == Phase.CONNECT) {
            observation.fail(ErrorLabel.of(Phase.CONNECT, response.getCode()));
            observation.release();
            return response;
        }
        EndpointDetails connection = context.getEndpointDetails();
        if (connection != null) {
            ConnectionIds.Seen seen = recorder.connections().see(connection);
            observation.connection(seen.id(), !call.opened());
        }
        Header mitigated = response.getFirstHeader("cf-mitigated");
        observation.response(response.getCode(), alpn(response.getVersion()),
                mitigated != null && "challenge".equalsIgnoreCase(mitigated.getValue()));
        observation.end();
        HttpEntity entity = response.getEntity();
        if (entity == null) {
            observation.add(Phase.REQUEST, recorder.nanoTime() - call.requestStartNanos());
            observation.release();
        } else {
            response.setEntity(new RecordedEntity(entity, recorder, observation, call.requestStartNanos()));
        }
        return response;
    }

    private static String alpn(ProtocolVersion version) {
        if (version == null) {
            return null;
        }
        return version.getMajor() == 2 ? "h2" : version.format().toLowerCase(Locale.ROOT);
    }
}
