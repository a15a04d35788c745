package io.proxybench.harness.engine;

import io.proxybench.client.ProxyRequest;
import io.proxybench.client.ProxyResponse;
import io.proxybench.client.bench.Fixtures;
import io.proxybench.harness.Trace;
import io.proxybench.records.RequestRecord;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The harness's cost for one answered request: its {@link RequestRecord} made by {@link Records} (trace read,
 * outcome classified), and the whole {@link CallBook} round (call registered, sent through a {@link RetryingSender}
 * whose reply is already there, record made, counted and handed to the sink). In the harness's package, since the
 * book and its sender are the runners' internals.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class RecordBench {

    private final Records records = Records.plain();
    private final ProxyResponse reused = Fixtures.reusedResponse();
    private final ProxyResponse newTunnel = Fixtures.newTunnelResponse();
    private final ProxyRequest request = ProxyRequest.get(Fixtures.TARGET.toString()).withSessionKey("worker7");
    private CallBook book;
    private long schedNanos;

    @Setup
    public void start(Blackhole sink) {
        book = new CallBook(new RetryingSender((r, done) -> done.accept(reused, null), 0), records, sink::consume,
                new RunnerCounters(), System::nanoTime, call -> { });
        book.start();
    }

    /** A reused tunnel's record. */
    @Benchmark
    public RequestRecord recordReused() {
        return records.of(1_000_000_000L, 1_000_150_000L, 1_000_600_000L, reused, 1, null);
    }

    /** A new tunnel's record: three more phases and the handshake bytes. */
    @Benchmark
    public RequestRecord recordNewTunnel() {
        return records.of(1_000_000_000L, 1_000_150_000L, 1_004_250_000L, newTunnel, 1, null);
    }

    /** The part of a record's making that reads the exit's {@code ip} and {@code loc} from the trace body. */
    @Benchmark
    public void traceValues(Blackhole out) {
        Trace trace = Trace.of(Fixtures.TRACE_BODY);
        out.consume(trace.value("ip"));
        out.consume(trace.value("loc"));
    }

    /** A request that failed: no response to read. */
    @Benchmark
    public RequestRecord recordFailed() {
        return records.failed(1_000_000_000L, 1_000_150_000L, 31_000_000_000L, Records.TIMEOUT, 1, null);
    }

    /** One call through the book, from due to recorded, its reply (a reused tunnel's) already there. */
    @Benchmark
    public void callBookRound(Blackhole out) {
        Call call = new Call(schedNanos += 1_000_000, request);
        book.add(call);
        book.send(call, schedNanos + 150_000);
        out.consume(call);
    }
}
