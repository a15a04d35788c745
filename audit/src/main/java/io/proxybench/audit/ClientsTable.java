package io.proxybench.audit;

import io.proxybench.analysis.report.Cells;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The clients audit as a table per part: the load, the lines that raised the limits, then session isolation. */
public final class ClientsTable {

    private static final String LOAD = "%-26s %-9s %-8s %7s %7s %8s %6s %8s %7s %7s %-16s %9s%n";
    private static final String ISOLATION = "%-26s %-10s %6s %6s %6s %9s %6s  %s%n";

    private ClientsTable() {}

    public static String text(ClientsResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%,d HTTPS requests per load, at most %,d in flight, rotating gateway: %s (%s, Java %s)%n",
                r.requests(), r.inFlight(), r.where(), r.date(), r.java()));
        s.append(String.format(Locale.ROOT, LOAD, "client", "version", "limits", "peak", "tunnels", "top_exit",
                "exits", "req/s", "p50_ms", "p99_ms", "http", "ok"));
        Map<String, String> lines = new LinkedHashMap<>();
        for (LoadRow l : r.loads()) {
            s.append(String.format(Locale.ROOT, LOAD, l.client(), l.version(), l.limits(),
                    Cells.or(l.peakTunnels(), Cells.MISSING), Cells.or(l.tunnelsOpened(), Cells.MISSING),
                    l.topExitShare() == null ? Cells.MISSING : Cells.percent(l.topExitShare(), 1), l.uniqueExits(),
                    Cells.number(l.requestsPerSecond(), 0), Cells.number(l.p50Ms(), 1), Cells.number(l.p99Ms(), 1),
                    http(l.http()), l.ok() + "/" + l.requests()));
            if (l.error() != null) {
                s.append(String.format(Locale.ROOT, "  %,d failed, first: %s%n", l.failed(), l.error()));
            }
            if (l.untraced() > 0) {
                s.append(String.format(Locale.ROOT, "  %,d ok answers had no ip= line and count in no exit figure%n",
                        l.untraced()));
            }
            if (l.line() != null) {
                lines.put(l.client(), l.line());
            }
        }
        s.append(String.format(Locale.ROOT, "%nlimits raised to %,d with:%n", r.inFlight()));
        lines.forEach((client, line) -> s.append(String.format(Locale.ROOT, "  %-26s %s%n", client, line)));
        if (!r.requirements().isEmpty()) {
            s.append(String.format(Locale.ROOT, "%nset for every run of:%n"));
            r.requirements().forEach((client, what) -> s.append(String.format(Locale.ROOT, "  %-26s %s%n", client,
                    what)));
        }
        s.append(String.format(Locale.ROOT, "%ntwo sticky sessions on one gateway, requests alternating one at a time"
                + " (mixed: an answer from the other session's exit; mixes: YES, no, ? when failures or other exits"
                + " leave it open, n/a when one client cannot carry two accounts)%n"));
        s.append(String.format(Locale.ROOT, ISOLATION, "client", "mode", "own", "mixed", "other", "failed", "mixes",
                "how"));
        for (IsolationRow i : r.isolation()) {
            s.append(String.format(Locale.ROOT, ISOLATION, i.client(), i.mode(), i.ok(), i.mixed(), i.elsewhere(),
                    i.failed() + "/" + i.requests(), mixes(i.verdict()), i.how()));
            if (i.error() != null) {
                s.append(String.format(Locale.ROOT, "  %,d failed, first: %s%n", i.failed(), i.error()));
            }
        }
        return s.toString();
    }

    private static String mixes(String verdict) {
        return switch (verdict) {
            case IsolationRow.MIXES -> "YES";
            case IsolationRow.APART -> "no";
            case IsolationRow.UNCLEAR -> "?";
            default -> verdict;
        };
    }

    /** {@code h2} or {@code http/1.1}, or both with their counts when a load used both. */
    private static String http(Map<String, Long> http) {
        if (http.size() <= 1) {
            return http.isEmpty() ? Cells.MISSING : http.keySet().iterator().next();
        }
        return http.entrySet().stream().map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(","));
    }
}
