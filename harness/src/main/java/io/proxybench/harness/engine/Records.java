package io.proxybench.harness.engine;

import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.Expect;
import io.proxybench.client.CallException;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.Redirect;
import io.proxybench.client.WireBytes;
import io.proxybench.client.event.PhaseTimings;
import io.proxybench.harness.Trace;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.stream.IntStream;

/**
 * Builds the {@link RequestRecord} of one scheduled request, classified into seed 002's outcomes once, as it is made:
 * status, {@code cf-mitigated}, the body against {@code --expect}, and the small-body rule against the median body
 * of the run's data responses so far ({@link BodyMedian}); every reader of the records counts that outcome. Every time argument is in nanoseconds from the run's start; records hold
 * seconds. {@code total} counts from the scheduled start, so start lag, backlog waits and retries are latency. No
 * field is taken from the credentials.
 */
public final class Records {

    /** The error of a request that had no reply when the run's drain timeout ended. */
    public static final String TIMEOUT = "total_Timeout";

    /** The error of a request that had no reply when a stopped run's grace ended (Ctrl-C, SIGTERM, a threshold). */
    public static final String ABORTED = "total_Aborted";

    private static final double NANOS_PER_SECOND = 1e9;
    /** The client's phase of each record phase, by the record phase's ordinal (null for TOTAL, which it has not). */
    private static final io.proxybench.client.event.Phase[] CLIENT_PHASES = clientPhases();
    /** Status codes below 600, each boxed once: {@code Integer.valueOf} caches only up to 127. */
    private static final Integer[] STATUSES = IntStream.range(0, 600).boxed().toArray(Integer[]::new);

    private final Expect expect;
    private final BodyMedian bodyMedian = new BodyMedian();
    private final boolean keepBody;
    private final String segment;

    /**
     * @param expect what a 2xx body must hold to be data; null to take every 2xx as data
     * @param keepBody whether records carry the body text (as far as the client kept it), for {@code analyze
     *     --expect}
     */
    public Records(Expect expect, boolean keepBody) {
        this(expect, keepBody, null);
    }

    /**
     * @param segment the shard's execution segment and sequence, written into every record (e.g. {@code 1/4:1/2 of
     *     0,1/4,1/2,1}); null for a run of the whole schedule
     */
    public Records(Expect expect, boolean keepBody, String segment) {
        this.expect = expect;
        this.keepBody = keepBody;
        this.segment = segment;
    }

    /** Records without bodies, every 2xx taken as data. */
    public static Records plain() {
        return new Records(null, false);
    }

    /**
     * A request that got a response.
     *
     * @param schedNanos scheduled start
     * @param sentNanos when it was first handed to the sender
     * @param doneNanos when the response completed
     * @param sends times the runner sent it: 1, or more after retries on a new tunnel
     * @param firstError the first send's error label when {@code sends > 1}, else null
     */
    public RequestRecord of(long schedNanos, long sentNanos, long doneNanos, ProxyResponse response, int sends,
            String firstError) {
        return of(schedNanos, sentNanos, doneNanos, response, sends, firstError, null);
    }

    /**
     * As {@link #of(long, long, long, ProxyResponse, int, String)}, the wire bytes of the sends that failed before
     * the answered one ({@code failedBefore}, null for none known) added to its own.
     */
    RequestRecord of(long schedNanos, long sentNanos, long doneNanos, ProxyResponse response, int sends,
            String firstError, WireBytes failedBefore) {
        PhaseTimings t = response.timings();
        // Only what an expectation or --keep-body needs is decoded in full.
        Trace trace = Trace.of(response.body());
        String body = expect != null || keepBody
                ? new String(response.body(), StandardCharsets.UTF_8) : null;
        boolean challenge = "challenge".equalsIgnoreCase(response.headers().get("cf-mitigated"));
        Integer status = boxedStatus(response.status());
        Outcome outcome = new BlockClassifier(expect, bodyMedian.median()).classify(new BlockClassifier.Input(
                status, null, challenge, response.bodyBytes(), body));
        if (outcome == Outcome.DATA) {
            bodyMedian.add(response.bodyBytes());
        }
        // The redirects' records carry their own hops' bytes; this one carries the rest of the request's.
        WireBytes hops = redirectBytes(response);
        long bytesOut = response.bytesOut() - hops.out() + (failedBefore == null ? 0 : failedBefore.out());
        long bytesIn = response.bytesIn() - hops.in() + (failedBefore == null ? 0 : failedBefore.in());
        long handshakeBytes = response.handshakeBytes() - hops.handshake()
                + (failedBefore == null ? 0 : failedBefore.handshake());
        // The client's own replay after a reused connection closed unanswered is a send too.
        int attempt = sends + response.attempt() - 1;
        // The record's constructor, not its builder: one is made per request, and a builder is garbage unless the
        // JIT proves it does not escape, which it does not always in this long path.
        return new RequestRecord(seconds(schedNanos), seconds(doneNanos), seconds(sentNanos - schedNanos),
                phase(t, Phase.QUEUE), phase(t, Phase.DNS), phase(t, Phase.TCP), phase(t, Phase.PROXY_TLS),
                phase(t, Phase.SOCKS), phase(t, Phase.CONNECT), phase(t, Phase.TLS), phase(t, Phase.REQUEST),
                seconds(doneNanos - schedNanos),
                status, trace.value("ip"), trace.value("loc"), null, null, firstError, outcome,
                response.reused(), response.connection().id(), response.session(), attempt,
                bytesOut, bytesIn, handshakeBytes, response.bodyBytes(),
                challenge ? Boolean.TRUE : null, response.protocol(), keepBody ? body : null, closed(response),
                scheme(response), gatewayConnectionId(response), segment, response.redirects().isEmpty() ? null : placeInChain(response), null);
    }

    /**
     * The records of the redirects {@code response} followed, in order, the request's own record ({@link #of}) to
     * come after them: each one's status, phases, connection and wire bytes as its hop had them, {@code hop} its
     * place in the chain from 1, {@code location} the URL it led to. They have the request's {@code sched} and
     * {@code done}, no {@code total} and no outcome: they are not requests of their own. Empty when the response
     * followed none (or its redirects carry no response, as a client's own {@link Redirect#of} does not).
     */
    public List<RequestRecord> redirects(long schedNanos, long sentNanos, long doneNanos, ProxyResponse response) {
        List<Redirect> redirects = response.redirects();
        if (redirects.isEmpty()) {
            return List.of();
        }
        List<RequestRecord> out = new ArrayList<>(redirects.size());
        for (int i = 0; i < redirects.size(); i++) {
            Redirect redirect = redirects.get(i);
            ProxyResponse hop = redirect.response().orElse(null);
            if (hop == null) {
                continue;
            }
            PhaseTimings t = hop.timings();
            out.add(RequestRecord.builder(seconds(schedNanos), seconds(doneNanos))
                    .startLag(seconds(sentNanos - schedNanos))
                    .queue(phase(t, Phase.QUEUE)).dns(phase(t, Phase.DNS)).tcp(phase(t, Phase.TCP))
                    .proxyTls(phase(t, Phase.PROXY_TLS)).socks(phase(t, Phase.SOCKS)).connect(phase(t, Phase.CONNECT))
                    .tls(phase(t, Phase.TLS)).request(phase(t, Phase.REQUEST))
                    .status(boxedStatus(hop.status())).reused(hop.reused()).conn(hop.connection().id())
                    .session(hop.session()).attempt(hop.attempt())
                    .bytesOut(hop.bytesOut()).bytesIn(hop.bytesIn()).handshakeBytes(hop.handshakeBytes())
                    .bodyLen(hop.bodyBytes()).http(hop.protocol())
                    .closed(closed(hop)).scheme(scheme(hop)).gatewayConnectionId(gatewayConnectionId(hop))
                    .segment(segment).hop(i + 1).location(redirect.to().toString())
                    .build());
        }
        return out;
    }

    /** Why the response's connection carries no further exchange, null when it can. */
    private static String closed(ProxyResponse response) {
        return response.closeReason() == null ? null : response.closeReason().label();
    }

    /** The proxy's scheme, null for a direct connection. */
    private static String scheme(ProxyResponse response) {
        return response.connection().proxy() == null ? null : response.connection().proxy().scheme().text();
    }

    /** The number of the HTTP/2 proxy connection the tunnel is a stream of (0 when it is none); null when direct. */
    private static Long gatewayConnectionId(ProxyResponse response) {
        return response.connection().proxy() == null ? null : response.connection().gatewayConnectionId();
    }

    /** The wire bytes of the redirects' own records ({@link #redirects}), which the request's record leaves out. */
    private static WireBytes redirectBytes(ProxyResponse response) {
        WireBytes bytes = WireBytes.NONE;
        for (Redirect redirect : response.redirects()) {
            ProxyResponse hop = redirect.response().orElse(null);
            if (hop != null) {
                bytes = bytes.plus(hop.wireBytes());
            }
        }
        return bytes;
    }

    /** The request's own place in its chain: after its redirects. */
    private static Integer placeInChain(ProxyResponse response) {
        return response.redirects().size() + 1;
    }

    /**
     * A request that failed or timed out: no status, no phases.
     *
     * @param sentNanos when it was first handed to the sender; for one never sent, when it was given up
     * @param error {@code <phase>_<Reason>}, see {@link #errorLabel}
     * @param sends times the runner sent it, 0 for one never sent
     * @param firstError the first send's error label when {@code sends > 1}, else null
     */
    public RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, String error, int sends,
            String firstError) {
        return failed(schedNanos, sentNanos, doneNanos, error, sends, firstError, null);
    }

    /**
     * A request whose last send failed with {@code failure}: its error label, and the wire bytes the failure reports
     * (absent when the client could not tell).
     */
    public RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, Throwable failure, int sends,
            String firstError) {
        return failed(schedNanos, sentNanos, doneNanos, failure, sends, firstError, failureBytes(failure));
    }

    /**
     * A request whose last send failed with {@code failure}: its error label, the proxy's reason and whether its
     * connection was reused as the failure tells them, and the wire bytes its failed sends cost ({@code bytes}, null
     * unknown).
     */
    RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, Throwable failure, int sends,
            String firstError, WireBytes bytes) {
        CallException call = callException(failure);
        return failed(schedNanos, sentNanos, doneNanos, errorLabel(failure), sends, firstError, bytes,
                call == null ? null : call.reason(), call == null ? null : call.reused());
    }

    /** A request that failed or timed out, with the wire bytes its failed sends cost ({@code bytes}, null unknown). */
    RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, String error, int sends, String firstError,
            WireBytes bytes) {
        return failed(schedNanos, sentNanos, doneNanos, error, sends, firstError, bytes, null, null);
    }

    /**
     * A request that failed, with the proxy's reason for it and whether its last send's connection was reused (null
     * for either when unknown, e.g. no TCP connection).
     */
    private RequestRecord failed(long schedNanos, long sentNanos, long doneNanos, String error, int sends,
            String firstError, WireBytes bytes, String reason, Boolean reused) {
        return RequestRecord.builder(seconds(schedNanos), seconds(doneNanos))
                .startLag(seconds(sentNanos - schedNanos)).total(seconds(doneNanos - schedNanos))
                .error(error).reason(reason).reused(reused).firstError(firstError)
                .bytesOut(bytes == null ? null : bytes.out()).bytesIn(bytes == null ? null : bytes.in())
                .handshakeBytes(bytes == null ? null : bytes.handshake())
                .outcome(new BlockClassifier(null, null).classify(new BlockClassifier.Input(null, error, false, null,
                        null)))
                .attempt(sends == 0 ? null : sends)
                .segment(segment)
                .build();
    }

    /**
     * The seed's error label: {@link CallException#label()} ({@code <phase>_<Reason>}: a refused CONNECT's status
     * such as {@code connect_407}, else the exception's name), or {@code total_<ExceptionName>} when the failure
     * names no phase. Completion wrappers are unwrapped.
     */
    public static String errorLabel(Throwable failure) {
        Throwable cause = unwrap(failure);
        return cause instanceof CallException call ? call.label() : "total_" + cause.getClass().getSimpleName();
    }

    /**
     * The wire bytes a failed send cost, as the client saw them ({@link CallException#wireBytes()}); null when the
     * client could not tell, or the failure is no call's.
     */
    static WireBytes failureBytes(Throwable failure) {
        CallException call = callException(failure);
        return call == null || !call.bytesKnown() ? null : call.wireBytes();
    }

    /** The call's failure inside {@code failure}'s completion wrappers; null when it is no {@link CallException}. */
    private static CallException callException(Throwable failure) {
        return unwrap(failure) instanceof CallException call ? call : null;
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    private static Integer boxedStatus(int status) {
        // Integer.valueOf, not the int: with an int operand the whole expression is an int, boxed again after.
        return status >= 0 && status < STATUSES.length ? STATUSES[status] : Integer.valueOf(status);
    }

    /** The phase's time in seconds, or null when the call did not have it. */
    private static Double phase(PhaseTimings timings, Phase phase) {
        long nanos = timings.get(CLIENT_PHASES[phase.ordinal()]);
        return nanos < 0 ? null : seconds(nanos);
    }

    private static io.proxybench.client.event.Phase[] clientPhases() {
        io.proxybench.client.event.Phase[] byOrdinal = new io.proxybench.client.event.Phase[Phase.values().length];
        for (io.proxybench.client.event.Phase phase : io.proxybench.client.event.Phase.values()) {
            byOrdinal[Phase.valueOf(phase.name()).ordinal()] = phase;
        }
        return byOrdinal;
    }

    private static double seconds(long nanos) {
        return nanos / NANOS_PER_SECOND;
    }
}
