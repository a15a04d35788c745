package io.proxybench.experiments.sessions;

import io.proxybench.analysis.report.Cells;
import java.util.Locale;

/** The sessions experiment as the seed prints it: the two modes, their throughput ratio, then the bursts. */
public final class SessionsTable {

    private static final String MODE = "%-58s %9s %8s %8s %9s %7s %8s%n";
    private static final String BURST = "%-30s %8s %8s %6s %9s %7s %9s%n";

    private SessionsTable() {}

    public static String text(SessionsResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "fixed concurrency %d, %s s per mode, a new tunnel per request%n", r.concurrency(),
                Cells.number(r.seconds(), 1)));
        s.append(String.format(Locale.ROOT, MODE, "mode", "steady/s", "tls_p50", "tls_p99", "total_p50", "exits",
                "ok"));
        for (SessionsMode m : r.modes()) {
            s.append(String.format(Locale.ROOT, MODE, m.mode(), Cells.number(m.steadyRequestsPerSecond(), 1),
                    Cells.number(m.tlsP50Ms(), 0, "ms"), Cells.number(m.tlsP99Ms(), 0, "ms"),
                    Cells.number(m.totalP50Ms(), 0, "ms"), m.uniqueExits(), m.ok()));
            if (m.failed() > 0) {
                s.append(String.format(Locale.ROOT, "  (%,d of its requests failed)%n", m.failed()));
            }
        }
        s.append(String.format(Locale.ROOT, "sticky / rotation steady throughput: %s%n",
                r.throughputRatio() == null ? "n/a (a run had no steady window)"
                        : Cells.number(r.throughputRatio(), 2, "x")));
        s.append(String.format(Locale.ROOT, "%nburst: one pool, HTTP/1.1, tunnels reused once open%n"));
        s.append(String.format(Locale.ROOT, BURST, "session", "requests", "in_fly", "ok", "tunnels", "exits",
                "top_exit"));
        for (SessionsBurst b : r.bursts()) {
            s.append(String.format(Locale.ROOT, BURST, b.mode(), b.requests(), b.tunnels(), b.ok(), b.tunnelsOpened(),
                    b.uniqueExits(), Cells.percent(b.topExitShare(), 1)));
        }
        return s.toString();
    }
}
