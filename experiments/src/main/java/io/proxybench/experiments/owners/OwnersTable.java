package io.proxybench.experiments.owners;

import io.proxybench.analysis.report.Cells;
import java.util.Locale;

/** The owners experiment as a table: one line per lane and concurrency, unknowns spelled out. */
public final class OwnersTable {

    private static final String ROW = "%-13s %5s %9s %7s %12s %8s %9s %9s %9s %8s %8s%n";
    private static final String UNKNOWN = "unknown";

    private OwnersTable() {}

    public static String text(OwnersResult result) {
        StringBuilder s = new StringBuilder();
        if (result.forwardIdleCap() != null) {
            s.append(String.format(Locale.ROOT, "lab: forward idle cap %d, exit-target round trip %.0f ms; ",
                    result.forwardIdleCap(), result.targetRttMs()));
        } else {
            s.append("real proxy; ");
        }
        s.append(String.format(Locale.ROOT, "%s stream, %,d rounds%n", result.stream(),
                result.rounds()));
        s.append(String.format(Locale.ROOT, ROW, "lane", "conc", "requests", "failed", "client_conns", "dials",
                "tgt_reqs", "tgt_conns", "req/conn", "p50_ms", "p99_ms"));
        boolean unknowns = false;
        boolean traced = false;
        boolean fewForP99 = false;
        for (OwnersRow r : result.rows()) {
            fewForP99 |= r.p50Ms() != null && r.p99Ms() == null;
            unknowns |= r.upstreamDials() == null || r.targetConnections() == null;
            traced |= "trace".equals(r.targetSource());
            s.append(String.format(Locale.ROOT, ROW, r.lane(), r.concurrency(), r.requests(), r.failed(),
                    r.clientConnections(), Cells.or(r.upstreamDials(), UNKNOWN), Cells.or(r.targetRequests(), UNKNOWN),
                    Cells.or(r.targetConnections(), UNKNOWN),
                    r.requestsPerConnection() == null ? UNKNOWN : Cells.number(r.requestsPerConnection(), 1),
                    Cells.millis(r.p50Ms()), Cells.millis(r.p99Ms())));
        }
        if (traced) {
            s.append("tgt_reqs and tgt_conns: counted from the conn= ids of the target's /cdn-cgi/trace answers\n");
        }
        if (fewForP99) {
            s.append(String.format(Locale.ROOT, "p99_ms %s: fewer than %,d answered requests at that lane and level,"
                    + " whose p99 would be their maximum; raise --rounds%n", Cells.MISSING,
                    OwnersExperiment.MIN_P99_SAMPLES));
        }
        if (unknowns) {
            s.append("unknown: the gateway's dials are visible on the lab only; the target's side also when its"
                    + " /cdn-cgi/trace reports conn= (a proxybench lab target)\n");
        }
        return s.toString();
    }
}
