package io.proxybench.jmh;

import io.proxybench.client.bench.Fixtures;
import io.proxybench.harness.engine.Records;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One record written by {@link JsonlWriter} as a JSONL line, to {@code /dev/null}: the JSON, the line, its encoding
 * and the buffered write, without the disk.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class JsonlBench {

    private JsonlWriter writer;
    /** A 200 on a tunnel this call opened: every field but body, error and first error. */
    private RequestRecord data;
    /** A timed-out request: the fewest fields a record has. */
    private RequestRecord failed;

    @Setup(Level.Trial)
    public void open() throws IOException {
        writer = new JsonlWriter(Path.of("/dev/null"));
        Records records = Records.plain();
        data = records.of(1_000_000_000L, 1_000_150_000L, 1_004_250_000L, Fixtures.newTunnelResponse(), 1, null);
        failed = records.failed(1_000_000_000L, 1_000_150_000L, 31_000_000_000L, Records.TIMEOUT, 1, null);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        writer.close();
    }

    @Benchmark
    public void writeDataRecord() throws IOException {
        writer.write(data);
    }

    @Benchmark
    public void writeFailedRecord() throws IOException {
        writer.write(failed);
    }
}
