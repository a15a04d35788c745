package io.proxybench.client.bench;

import io.proxybench.client.Headers;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import io.proxybench.client.proxy.ProxySpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;

/**
 * For the JMH benchmarks (the client's, and the jmh module's): one request as the hot path sees it, shaped like a lab run's: an HTTPS trace request through an HTTP CONNECT proxy
 * with a sticky session, answered 200 with the lab target's trace body. Every value is immutable, so benchmarks share
 * them.
 */
public final class Fixtures {

    /** A gateway account with a sticky session in the password, the lab's default session syntax. */
    public static final ProxySpec PROXY = ProxySpec.parse("http://user:pass_session-worker7@127.0.0.1:8080");
    /** The same account before a session is written in: what a session template rewrites. */
    public static final ProxySpec ACCOUNT = ProxySpec.parse("http://user:pass@127.0.0.1:8080");
    public static final URI TARGET = URI.create("https://127.0.0.1:8443/cdn-cgi/trace");
    /** The client's exit label for {@link #PROXY}: the key of its per-exit counters. */
    public static final String EXIT = "http://user@127.0.0.1:8080 session-worker7";
    public static final String SESSION = "worker7";

    /** What the lab target's {@code /cdn-cgi/trace} answers, 192 bytes. */
    public static final byte[] TRACE_BODY = ("fl=proxybench-lab\nh=127.0.0.1:8443\nip=127.3.17.42\nts=1795939200.123\n"
            + "visit_scheme=https\nuag=proxybench/0.1\ncolo=LAB\nsliver=none\nhttp=http/1.1\nloc=DE\ntls=TLSv1.3\n"
            + "sni=off\nwarp=off\nconn=41\nreq=17\n").getBytes(StandardCharsets.UTF_8);

    /** A connection id the benchmarks give their tunnel. */
    public static final ConnectionInfo CONNECTION = new ConnectionInfo(41, PROXY, "http/1.1", true, null);

    private Fixtures() {
    }

    /** The lab target's response headers. */
    public static Headers headers() {
        return Headers.of("content-type", "text/plain; charset=utf-8",
                "content-length", String.valueOf(TRACE_BODY.length), "date", "Mon, 30 Nov 2026 07:00:00 GMT");
    }

    /** A 200 on a reused tunnel: only the request phase, no handshake bytes. */
    public static ProxyResponse reusedResponse() {
        Map<Phase, Long> nanos = new EnumMap<>(Phase.class);
        nanos.put(Phase.REQUEST, 412_000L);
        return response().reused(true).timings(PhaseTimings.of(nanos)).bytesOut(92).bytesIn(401).build();
    }

    /** A 200 on a tunnel this call opened: TCP, CONNECT, TLS and request phases, handshake bytes counted. */
    public static ProxyResponse newTunnelResponse() {
        Map<Phase, Long> nanos = new EnumMap<>(Phase.class);
        nanos.put(Phase.TCP, 180_000L);
        nanos.put(Phase.CONNECT, 640_000L);
        nanos.put(Phase.TLS, 2_300_000L);
        nanos.put(Phase.REQUEST, 412_000L);
        return response().timings(PhaseTimings.of(nanos)).bytesOut(1_210).bytesIn(3_980).handshakeBytes(4_700)
                .build();
    }

    private static ProxyResponse.Builder response() {
        return ProxyResponse.builder().status(200).headers(headers()).body(TRACE_BODY).bodyBytes(TRACE_BODY.length)
                .connection(CONNECTION).exit(EXIT).session(SESSION);
    }
}
