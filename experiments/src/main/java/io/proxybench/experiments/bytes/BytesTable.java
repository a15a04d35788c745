package io.proxybench.experiments.bytes;

import io.proxybench.analysis.report.Cells;
import java.util.Locale;

/**
 * The bytes experiment as the seed reports it: bytes per request on a new and on a reused tunnel, per key-exchange
 * offer, then the projection for the whole request count at each requests-per-tunnel figure.
 */
public final class BytesTable {

    private static final String ROW = "%-16s %-16s %9s %9s %9s %9s %9s%n";
    private static final String PROJECTION = "%-16s %-16s %13s %9s %12s%n";

    private BytesTable() {}

    public static String text(BytesResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "wire bytes per request (TCP payload, both ways) for %s%n", r.target()));
        s.append(String.format(Locale.ROOT, ROW, "offered", "negotiated", "new", "handshake", "resumed", "reused",
                "new-reused"));
        for (BytesRow row : r.rows()) {
            s.append(String.format(Locale.ROOT, ROW, row.groupsOffered(),
                    Cells.or(row.groupNegotiated(), Cells.MISSING),
                    Cells.grouped(row.newTunnel().total()), Cells.grouped(row.newTunnel().handshake()),
                    Cells.grouped(row.resumedTunnel().total()), Cells.grouped(row.reusedTunnel().total()),
                    Cells.grouped(row.newTunnel().total() - row.reusedTunnel().total())));
        }
        if (r.hybridExtraPerNewTunnel() != null) {
            s.append(String.format(Locale.ROOT, "X25519MLKEM768 adds %s bytes per new tunnel over X25519%n",
                    Cells.grouped(r.hybridExtraPerNewTunnel())));
        }
        s.append(String.format(Locale.ROOT, "%nprojection for %,d requests (new tunnels with a full handshake)%n",
                r.projectedRequests()));
        s.append(String.format(Locale.ROOT, PROJECTION, "offered", "negotiated", "req/tunnel", "tunnels", "GB"));
        for (BytesRow row : r.rows()) {
            for (BytesProjection p : row.projections()) {
                s.append(String.format(Locale.ROOT, PROJECTION, row.groupsOffered(),
                        Cells.or(row.groupNegotiated(), Cells.MISSING), p.requestsPerTunnel(),
                        Cells.grouped(p.tunnels()), Cells.number(p.gigabytes(), 3)));
            }
        }
        return s.toString();
    }
}
