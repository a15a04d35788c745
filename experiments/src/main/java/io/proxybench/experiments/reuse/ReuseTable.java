package io.proxybench.experiments.reuse;

import io.proxybench.analysis.report.Cells;
import java.util.List;
import java.util.Locale;

/** The reuse experiment's rows as the seed prints them, one line each under a header. */
public final class ReuseTable {

    private static final String ROW = "%-52s %8s %8s %7s %10s %8s %9s%n";

    private ReuseTable() {}

    public static String text(List<ReuseRow> rows) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, ROW, "configuration", "created", "reused",
                "reuse", "hs/1000", "wall_s", "rel_wall"));
        for (ReuseRow r : rows) {
            s.append(String.format(Locale.ROOT, ROW, r.configuration(), r.created(), r.reused(),
                    Cells.percent(r.reuseRate(), 0), Cells.number(r.handshakesPer1000(), 0),
                    Cells.number(r.wallSeconds(), 2), Cells.number(r.relativeWall(), 2, "x")));
            if (r.failed() > 0) {
                s.append(String.format(Locale.ROOT, "  (%,d of its requests failed)%n", r.failed()));
            }
        }
        return s.toString();
    }
}
