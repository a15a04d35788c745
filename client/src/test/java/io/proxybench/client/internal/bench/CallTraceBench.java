package io.proxybench.client.internal.bench;

import io.proxybench.client.bench.Fixtures;
import io.proxybench.client.event.CallInfo;
import io.proxybench.client.event.ConnectionInfo;
import io.proxybench.client.event.EventListener;
import io.proxybench.client.event.Phase;
import io.proxybench.client.event.PhaseTimings;
import io.proxybench.client.internal.event.CallTrace;
import io.proxybench.client.internal.metrics.ClientCounters;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The client's event bookkeeping for one completed call, as {@code ProxyClient.send} does it: a {@link CallInfo}, a
 * {@link CallTrace} around the factory's listener, every event of the call in order, the {@link PhaseTimings} the
 * response carries, and the per-exit {@link ClientCounters}. No I/O: the pool, the exchange and the response are
 * measured elsewhere.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class CallTraceBench {

    /** A user's listener that hears two events: one such listener is wrapped per call to guard its exceptions. */
    private static final class Listening extends EventListener {
        long acquired;
        long ended;

        @Override
        public void connectionAcquired(CallInfo call, ConnectionInfo connection, boolean reused) {
            acquired++;
        }

        @Override
        public void callEnd(CallInfo call) {
            ended++;
        }
    }

    private static final InetSocketAddress GATEWAY = new InetSocketAddress("127.0.0.1", 8080);

    private final ClientCounters counters = new ClientCounters();
    private final EventListener.Factory none = call -> EventListener.NONE;
    private final Listening listening = new Listening();
    private final EventListener.Factory listened = call -> listening;
    private long ids;

    /** A call on a reused tunnel with no listener (what {@code proxybench run} does). */
    @Benchmark
    public PhaseTimings reusedCall() {
        return reused(none);
    }

    /** A call on a reused tunnel with a user's listener. */
    @Benchmark
    public PhaseTimings reusedCallListened() {
        return reused(listened);
    }

    /** A call that opens its tunnel: TCP, CONNECT and origin TLS phases too. */
    @Benchmark
    public PhaseTimings newTunnelCall() {
        CallTrace trace = start(none);
        trace.connectStart(GATEWAY);
        trace.connectEnd(GATEWAY);
        trace.tunnelStart(Phase.CONNECT);
        trace.tunnelEnd(Phase.CONNECT);
        trace.originTlsStart();
        trace.originTlsEnd("TLSv1.3", "http/1.1");
        counters.created(Fixtures.EXIT, 4_700);
        counters.acquired(Fixtures.EXIT, false);
        trace.connectionAcquired(Fixtures.CONNECTION, false);
        return exchange(trace);
    }

    private PhaseTimings reused(EventListener.Factory factory) {
        CallTrace trace = start(factory);
        counters.acquired(Fixtures.EXIT, true);
        trace.connectionAcquired(Fixtures.CONNECTION, true);
        return exchange(trace);
    }

    private CallTrace start(EventListener.Factory factory) {
        CallInfo call = new CallInfo(++ids, "GET", Fixtures.TARGET, "worker7", 1);
        CallTrace trace = new CallTrace(call, factory.create(call));
        trace.callStart();
        trace.proxySelected(Fixtures.PROXY);
        return trace;
    }

    private PhaseTimings exchange(CallTrace trace) {
        trace.requestHeadersStart();
        trace.requestHeadersEnd();
        trace.requestBodyEnd(0);
        trace.responseHeadersEnd(200);
        trace.responseBodyEnd(Fixtures.TRACE_BODY.length);
        counters.request(Fixtures.EXIT, 92, 401);
        trace.connectionReleased(Fixtures.CONNECTION);
        PhaseTimings timings = trace.timings();
        trace.callEnd();
        return timings;
    }
}
