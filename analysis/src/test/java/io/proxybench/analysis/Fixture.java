package io.proxybench.analysis;

import io.proxybench.records.JsonlReader;
import io.proxybench.records.RequestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A small hand-made run in the seed harness's format: 12 successes (status 200) and 3 failures.
 *
 * <pre>
 * successes per second of done:  s0: 1   s1: 3   s2: 0   s3: 4   s4: 2   s5: 2
 * tcp of the successes (s):      0.01 .. 0.12, one each, shuffled; the failures have tcp 9.0
 * tls of the successes (s):      0.4 and 0.2 only
 * connect of the successes (s):  0.05 only
 * proxy_tls:                     nowhere
 * </pre>
 */
final class Fixture {
    static final String JSONL = """
            {"sched": 0.0, "start_lag": 0.0001, "status": 200, "tcp": 0.03, "total": 0.5, "done": 0.5}
            {"sched": 0.1, "start_lag": 0.0001, "status": 200, "tcp": 0.12, "tls": 0.4, "total": 1.0, "done": 1.1}
            {"sched": 0.2, "start_lag": 0.0001, "status": 200, "tcp": 0.01, "total": 1.0, "done": 1.2}
            {"sched": 0.3, "start_lag": 0.0001, "status": 200, "tcp": 0.07, "connect": 0.05, "total": 1.6, "done": 1.9}
            {"sched": 0.4, "start_lag": 0.0001, "status": 503, "tcp": 9.0, "total": 2.1, "done": 2.5}
            {"sched": 0.5, "start_lag": 0.0001, "error": "tls_TimeoutError", "tcp": 9.0, "total": 2.2, "done": 2.7}
            {"sched": 2.0, "start_lag": 0.0001, "status": 200, "tcp": 0.05, "total": 1.0, "done": 3.0}
            {"sched": 2.1, "start_lag": 0.0001, "status": 200, "tcp": 0.10, "total": 1.2, "done": 3.3}
            {"sched": 2.2, "start_lag": 0.0001, "status": 200, "tcp": 0.02, "tls": 0.2, "total": 1.4, "done": 3.6}
            {"sched": 2.3, "start_lag": 0.0001, "status": 200, "tcp": 0.08, "total": 1.6, "done": 3.9}
            {"sched": 3.0, "start_lag": 0.0001, "status": 200, "tcp": 0.11, "total": 1.2, "done": 4.2}
            {"sched": 3.1, "start_lag": 0.0001, "status": 200, "tcp": 0.04, "total": 1.7, "done": 4.8}
            {"sched": 4.0, "start_lag": 0.0001, "status": 200, "tcp": 0.09, "total": 1.1, "done": 5.1}
            {"sched": 4.1, "start_lag": 0.0001, "status": 200, "tcp": 0.06, "total": 1.6, "done": 5.7}
            {"sched": 4.2, "start_lag": 0.0001, "status": 429, "tcp": 9.0, "total": 5.7, "done": 9.9}
            """;

    private Fixture() {
    }

    /** The fixture, read through {@link JsonlReader} like a real file. */
    static List<RequestRecord> records(Path dir) {
        try {
            Path file = dir.resolve("fixture.jsonl");
            Files.writeString(file, JSONL);
            return JsonlReader.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
