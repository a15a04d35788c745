package io.proxybench.jmh;

import io.proxybench.client.bench.Fixtures;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.metrics.RunMetrics;
import io.proxybench.records.RequestRecord;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** What {@code run --metrics-port} adds per request: {@link RunMetrics#record} of its record. */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class MetricsBench {

    private RunMetrics metrics;
    /** A 200 on a tunnel this call opened: five phases observed, bytes counted, its exit added. */
    private RequestRecord data;
    /** A timed-out request: one outcome and one error counted. */
    private RequestRecord failed;

    @Setup(Level.Trial)
    public void open() {
        metrics = new RunMetrics(null);
        Records records = Records.plain();
        data = records.of(1_000_000_000L, 1_000_150_000L, 1_004_250_000L, Fixtures.newTunnelResponse(), 1, null);
        failed = records.failed(1_000_000_000L, 1_000_150_000L, 31_000_000_000L, Records.TIMEOUT, 1, null);
    }

    @Benchmark
    public void recordData() {
        metrics.accept(data);
    }

    @Benchmark
    public void recordFailed() {
        metrics.accept(failed);
    }
}
