package io.proxybench.recorder.okhttp;

import io.proxybench.records.Phase;
import io.proxybench.recorder.core.ConnectionIds;
import io.proxybench.recorder.core.ErrorLabel;
import io.proxybench.recorder.core.Observation;
import io.proxybench.recorder.core.Recorder;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Proxy;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Call;
import okhttp3.Connection;
import okhttp3.EventListener;
import okhttp3.Handshake;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/**
 * One call's listener: OkHttp's events, in its documented order, turned into the call's {@link Observation}. The
 * observation starts at {@code callStart}; OkHttp calls a listener from one thread at a time, though not always the
 * same one, so the observation (thread-safe) is published through a volatile field.
 */
final class CallListener extends EventListener {

    /** OkHttp's words for a CONNECT the proxy refused: {@code Unexpected response code for CONNECT: 403}. */
    private static final Pattern CONNECT_REFUSED = Pattern.compile("response code for CONNECT: (\\d{3})");
    /** OkHttp's words when the proxy authenticator gave up on a 407. */
    private static final String PROXY_AUTH_FAILED = "Failed to authenticate with proxy";
    private static final int PROXY_AUTHENTICATION_REQUIRED = 407;

    private final Recorder recorder;
    private final Function<Request, String> sessionOf;
    private volatile Observation observation;
    /**
     * From connectStart to secureConnectStart or connectEnd: TCP, then the CONNECT exchange. A failed attempt leaves it
     * set, so that the call's failure, if OkHttp tries no other route, is labelled with it.
     */
    private volatile boolean connecting;
    /** Whether some connection this call ran on was new, so a later follow-up on it does not make it reused. */
    private volatile boolean openedOne;

    CallListener(Recorder recorder, Function<Request, String> sessionOf) {
        this.recorder = recorder;
        this.sessionOf = sessionOf;
    }

    /** The call's observation; null before {@code callStart}. */
    Observation observation() {
        return observation;
    }

    @Override
    public void callStart(Call call) {
        Observation o = recorder.start();
        o.session(sessionOf.apply(call.request()));
        observation = o;
        // The interceptor finds the observation here; a call's tags exist only once it is constructed.
        call.tag(CallListener.class, () -> this);
    }

    @Override
    public void dnsStart(Call call, String domainName) {
        observation.start(Phase.DNS);
    }

    @Override
    public void dnsEnd(Call call, String domainName, List<InetAddress> addresses) {
        observation.end(Phase.DNS);
    }

    @Override
    public void connectStart(Call call, InetSocketAddress address, Proxy proxy) {
        connecting = true;
        observation.scheme(scheme(proxy));
    }

    @Override
    public void secureConnectStart(Call call) {
        connecting = false;
        observation.start(Phase.TLS);
    }

    @Override
    public void secureConnectEnd(Call call, Handshake handshake) {
        observation.end(Phase.TLS);
    }

    @Override
    public void connectEnd(Call call, InetSocketAddress address, Proxy proxy, Protocol protocol) {
        connecting = false;
    }

    @Override
    public void connectionAcquired(Call call, Connection connection) {
        ConnectionIds.Seen seen = recorder.connections().see(connection);
        openedOne |= seen.first();
        observation.connection(seen.id(), !openedOne);
        observation.scheme(scheme(connection.route().proxy()));
    }

    @Override
    public void requestHeadersStart(Call call) {
        observation.start(Phase.REQUEST);
    }

    @Override
    public void responseHeadersEnd(Call call, Response response) {
        observation.response(response.code(), response.protocol().toString(),
                "challenge".equalsIgnoreCase(response.header("cf-mitigated")));
    }

    @Override
    public void responseBodyEnd(Call call, long byteCount) {
        observation.bodyLength(byteCount);
        observation.end(Phase.REQUEST);
    }

    @Override
    public void callEnd(Call call) {
        observation.end();
    }

    @Override
    public void callFailed(Call call, IOException failure) {
        observation.fail(label(failure));
    }

    /**
     * {@code <phase>_<Reason>}: while connecting, {@code tcp} for a socket that did not connect, {@code connect_NNN}
     * for a CONNECT the proxy refused, {@code connect} otherwise; else the phase open when it failed.
     */
    private String label(IOException failure) {
        if (connecting) {
            Matcher refused = CONNECT_REFUSED.matcher(String.valueOf(failure.getMessage()));
            if (refused.find()) {
                return ErrorLabel.of(Phase.CONNECT, Integer.parseInt(refused.group(1)));
            }
            if (PROXY_AUTH_FAILED.equals(failure.getMessage())) {
                return ErrorLabel.of(Phase.CONNECT, PROXY_AUTHENTICATION_REQUIRED);
            }
            boolean socket = failure instanceof ConnectException || failure instanceof NoRouteToHostException
                    || failure instanceof InterruptedIOException;
            return ErrorLabel.of(socket ? Phase.TCP : Phase.CONNECT, failure);
        }
        Phase open = observation.openPhase();
        return ErrorLabel.of(open == null ? Phase.TOTAL : open, failure);
    }

    private static String scheme(Proxy proxy) {
        return switch (proxy.type()) {
            case HTTP -> "http";
            case SOCKS -> "socks5";
            case DIRECT -> null;
        };
    }
}
