package io.proxybench.recorder.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecorderTest {

    @TempDir
    Path dir;

    private static List<RequestRecord> read(Path file) throws IOException {
        List<RequestRecord> out = new ArrayList<>();
        try (RecordStream s = RecordStream.open(file)) {
            s.forEach(out::add);
        }
        return out;
    }

    /** A killed process leaves what was written up to a second before: the flush runs without flush() or close(). */
    @Test
    void recordsReachTheFileWithoutFlushOrClose() throws Exception {
        Path file = dir.resolve("r.jsonl");
        try (Recorder recorder = Recorder.open(file)) {
            recorder.start().end();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Files.size(file) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(read(file)).as("records in the file before close").hasSize(1);
        }
    }

    @Test
    void closeFlushesAndLaterCallsAreDroppedNotWritten() throws Exception {
        Path file = dir.resolve("r.jsonl.gz");
        Recorder recorder = Recorder.open(file);
        Observation late = recorder.start();
        for (int i = 0; i < 3; i++) {
            recorder.start().end();
        }
        recorder.close();
        late.end();

        assertThat(read(file)).hasSize(3);
        assertThat(recorder.written()).isEqualTo(3);
        assertThat(recorder.dropped()).isEqualTo(1);
    }

    @Test
    void aFileThatCannotBeOpenedSaysSo() {
        assertThatThrownBy(() -> Recorder.open(dir.resolve("missing/r.jsonl"))).isInstanceOf(IOException.class);
    }

    /** Many threads, many calls: one whole line per call, connection ids unique per connection. */
    @Test
    void concurrentCallsEachWriteOneWholeRecord() throws Exception {
        Path file = dir.resolve("r.jsonl");
        int threads = 8;
        int callsEach = 2_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        Object[] connections = {new Object(), new Object(), new Object()};
        try (Recorder recorder = Recorder.open(file)) {
            CountDownLatch go = new CountDownLatch(1);
            for (int t = 0; t < threads; t++) {
                pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < callsEach; i++) {
                        Observation call = recorder.start();
                        call.connection(recorder.connections().see(connections[i % connections.length]));
                        call.end();
                    }
                    return null;
                });
            }
            go.countDown();
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        List<RequestRecord> records = read(file);
        assertThat(records).hasSize(threads * callsEach);
        assertThat(records.stream().filter(r -> !r.reused()).count()).as("first calls on a connection").isEqualTo(3);
        assertThat(records.stream().map(RequestRecord::conn).distinct()).containsExactlyInAnyOrder(1L, 2L, 3L);
    }

    /**
     * State does not grow with requests: a recorder holds nothing per call, and a connection's number only while the
     * client holds the connection.
     */
    @Test
    void stateIsBoundedByOpenConnectionsNotByCalls() throws Exception {
        try (FakeRecorder fake = new FakeRecorder(dir.resolve("r.jsonl"))) {
            Object kept = new Object();
            for (int i = 0; i < 100_000; i++) {
                Observation call = fake.recorder.start();
                // A new connection per 10 calls, dropped by the "client" after them.
                call.connection(fake.recorder.connections().see(i % 10 == 0 ? kept : new Object()));
                call.end();
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (fake.recorder.connections().size() > 1 && System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(20);
            }
            assertThat(fake.recorder.connections().size()).as("connections still numbered").isEqualTo(1);
            assertThat(fake.recorder.connections().see(kept)).isEqualTo(new ConnectionIds.Seen(1, false));
            assertThat(fake.recorder.written()).isEqualTo(100_000);
        }
    }
}
