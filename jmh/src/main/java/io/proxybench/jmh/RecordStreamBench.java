package io.proxybench.jmh;

import io.proxybench.client.bench.Fixtures;
import io.proxybench.harness.engine.Records;
import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One record read back by {@link RecordStream}: its line found, checked and parsed, from a file of
 * {@value #RECORDS} records in the page cache, written by {@link JsonlWriter} as a run writes them (9 in 10 a new
 * tunnel's 200, 1 in 10 a timeout), plain or gzip'd ({@code .jsonl.gz}). Each op is one record; records/s is 10^9
 * over ns/op.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Benchmark)
@OperationsPerInvocation(RecordStreamBench.RECORDS)
public class RecordStreamBench {
    static final int RECORDS = 100_000;

    private Path plain;
    private Path gzip;

    @Setup(Level.Trial)
    public void write() throws IOException {
        plain = write(Files.createTempFile("records-", ".jsonl"));
        gzip = write(Files.createTempFile("records-", ".jsonl.gz"));
    }

    private static Path write(Path file) throws IOException {
        Records records = Records.plain();
        try (JsonlWriter out = new JsonlWriter(file)) {
            for (int i = 0; i < RECORDS; i++) {
                long sched = 1_000_000_000L + i * 2_500_000L;
                out.write(i % 10 == 9
                        ? records.failed(sched, sched + 150_000L, sched + 31_000_000_000L, Records.TIMEOUT, 1, null)
                        : records.of(sched, sched + 150_000L, sched + 4_250_000L + i % 1_000 * 1_000L,
                                Fixtures.newTunnelResponse(), 1, null));
            }
        }
        return file;
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.delete(plain);
        Files.delete(gzip);
    }

    @Benchmark
    public void readPlainRecord(Blackhole sink) throws IOException {
        read(plain, sink);
    }

    @Benchmark
    public void readGzipRecord(Blackhole sink) throws IOException {
        read(gzip, sink);
    }

    private static void read(Path file, Blackhole sink) throws IOException {
        try (RecordStream stream = RecordStream.open(file)) {
            for (RequestRecord record; (record = stream.next()) != null; ) {
                sink.consume(record);
            }
        }
    }
}
