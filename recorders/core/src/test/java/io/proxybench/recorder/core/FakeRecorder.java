package io.proxybench.recorder.core;

import io.proxybench.records.JsonlWriter;
import io.proxybench.records.RecordStream;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/** A recorder on a clock the test moves, without the periodic flush, and what it wrote read back. */
final class FakeRecorder implements AutoCloseable {

    final AtomicLong nanos = new AtomicLong(TimeUnit.SECONDS.toNanos(100));
    final Path file;
    final Recorder recorder;

    FakeRecorder(Path file) throws IOException {
        this.file = file;
        this.recorder = new Recorder(new JsonlWriter(file), nanos::get, false);
    }

    void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    List<RequestRecord> records() throws IOException {
        recorder.flush();
        List<RequestRecord> out = new ArrayList<>();
        try (RecordStream s = RecordStream.open(file)) {
            s.forEach(out::add);
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        recorder.close();
    }
}
