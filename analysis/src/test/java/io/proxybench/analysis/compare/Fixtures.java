package io.proxybench.analysis.compare;

import io.proxybench.analysis.Expect;
import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Two hand-made runs whose comparison figures are worked out by hand in {@link ColumnFiguresTest}: run a is one window
 * through an HTTP/2 proxy with sessions, retries, failures of every kind and bytes; run b is two windows of plain
 * successes on reused tunnels through an HTTP/1.1 proxy, without bytes.
 */
final class Fixtures {

    private Fixtures() {}

    /** The run of {@code windows} as compare reads it: each record classified, each window its statistics. */
    static ComparedRun run(String label, List<String> sources, List<List<RequestRecord>> windows, Expect expect) {
        RecordClassifier classifier = new RecordClassifier(expect);
        List<RunStatistics> stats = new ArrayList<>();
        for (List<RequestRecord> window : windows) {
            RunStatistics w = new RunStatistics();
            window.forEach(r -> w.add(classifier.classify(r)));
            stats.add(w);
        }
        return new ComparedRun(label, sources, stats, classifier.withoutBody());
    }

    static ComparedRun runA() {
        return run("a", List.of("a.jsonl"), recordsA(), null);
    }

    static List<List<RequestRecord>> recordsA() {
        return List.of(List.of(
                ok(0.0, 0.5, 0.5, false, "10.0.1.1", "US", "s1", 1000, 5000).gatewayConnectionId(1L).conn(1L).build(),
                ok(0.2, 0.9, 0.7, false, "10.0.2.1", "DE", "s2", 1000, 5000).gatewayConnectionId(1L).conn(2L).build(),
                ok(1.0, 1.1, 0.1, true, "10.0.1.1", "US", "s1", 500, 1500).gatewayConnectionId(1L).conn(1L).build(),
                ok(1.1, 1.3, 0.2, true, "10.0.2.1", "DE", "s2", 500, 1500).gatewayConnectionId(2L).conn(3L).build(),
                ok(1.2, 1.6, 0.4, true, "10.0.1.2", "US", "s1", 500, 1500).build(),
                ok(2.0, 2.3, 0.3, true, "10.0.2.1", "DE", "s2", 500, 1500).attempt(2).firstError("tls_Timeout").build(),
                ok(2.1, 2.2, 0.1, true, "10.0.3.7", "US", "s3", 500, 1500).attempt(3).build(),
                ok(2.2, 2.4, 0.2, true, "10.0.2.1", "DE", "s2", 500, 1500).build(),
                ok(2.3, 2.8, 0.5, true, "10.0.3.7", "US", "s3", 500, 1500).build(),
                ok(3.0, 3.5, 0.6, true, "10.0.1.1", "US", "s1", 500, 1500).build(),
                RequestRecord.builder(0.5, 1.5).total(1.0).error("connect_407").outcome(Outcome.PROXY_FAILURE)
                        .bytesOut(300L).bytesIn(200L).build(),
                RequestRecord.builder(1.5, 3.5).total(2.0).error("tls_TimeoutException")
                        .outcome(Outcome.PROXY_FAILURE).build(),
                RequestRecord.builder(2.5, 2.6).total(0.1).status(403).outcome(Outcome.HARD_BLOCK).bytesOut(500L)
                        .bytesIn(1000L).build(),
                RequestRecord.builder(2.6, 2.9).total(0.3).status(418).outcome(Outcome.SOFT_BLOCK).bytesOut(500L)
                        .bytesIn(500L).build()));
    }

    static ComparedRun runB() {
        return runB(null);
    }

    static ComparedRun runB(Expect expect) {
        return run("b", List.of("b/window-01.jsonl", "b/window-02.jsonl"), List.of(
                List.of(plain(0, 0.5), plain(1.0, 1.2), plain(1.3, 1.5), plain(2.0, 2.2), plain(2.4, 2.6),
                        plain(3.0, 3.2)),
                List.of(plain(0, 0.4), plain(1.0, 1.1), plain(1.2, 1.3), plain(1.4, 1.5), plain(1.6, 1.7),
                        plain(2.0, 2.1))), expect);
    }

    /**
     * A run of {@code n} successes on HTTP/1.1 to the target and the proxy, each of {@code bytes} wire bytes (all of
     * them charged), without a {@code reused} field, as the seed harness writes them.
     */
    static ComparedRun exact(String label, int n, long bytes) {
        List<RequestRecord> records = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(RequestRecord.builder(i * 0.5, i * 0.5 + 0.2).total(0.2).status(200).outcome(Outcome.DATA)
                    .http("http/1.1").gatewayConnectionId(0L).bytesOut(bytes / 2).bytesIn(bytes - bytes / 2).build());
        }
        return run(label, List.of(label + ".jsonl"), List.of(records), null);
    }

    private static RequestRecord.Builder ok(double sched, double done, double total, boolean reused, String ip,
            String loc, String session, long bytesOut, long bytesIn) {
        return RequestRecord.builder(sched, done).total(total).status(200).outcome(Outcome.DATA).reused(reused)
                .ip(ip).loc(loc).session(session).bytesOut(bytesOut).bytesIn(bytesIn);
    }

    private static RequestRecord plain(double sched, double done) {
        return RequestRecord.builder(sched, done).total(0.1).status(200).outcome(Outcome.DATA).reused(true)
                .ip("10.9.0.1").loc("US").gatewayConnectionId(0L).conn(1L).build();
    }
}
