package io.proxybench.experiments.keepalive;

import io.proxybench.analysis.report.Cells;
import io.proxybench.harness.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The keep-alive experiment as two tables: the formula's cold share (a row per gap, a column per keep-alive), then
 * the measured rows with the formula and the tolerance next to each.
 */
public final class KeepAliveTable {

    private static final String MEASURED = "%-8s %-8s %8s %8s %7s %8s %13s %8s %7s";
    /** A request time above this share of the gap breaks the formula's "much shorter than the gap". */
    private static final double SHORT_REQUEST_SHARE = 0.1;

    private KeepAliveTable() {}

    public static String text(KeepAliveResult r) {
        StringBuilder s = new StringBuilder("cold share exp(-T/gap), Poisson arrivals per instance and destination\n");
        Set<Double> keepAlives = new LinkedHashSet<>();
        Set<Double> gaps = new LinkedHashSet<>();
        r.formula().forEach(c -> {
            keepAlives.add(c.keepAliveSeconds());
            gaps.add(c.gapSeconds());
        });
        s.append(String.format(Locale.ROOT, "%-10s", "gap \\ T"));
        keepAlives.forEach(t -> s.append(String.format(Locale.ROOT, "%9s", duration(t))));
        s.append('\n');
        List<KeepAliveFormulaCell> cells = new ArrayList<>(r.formula());
        for (double gap : gaps) {
            s.append(String.format(Locale.ROOT, "%-10s", duration(gap)));
            for (KeepAliveFormulaCell c : cells) {
                if (c.gapSeconds() == gap) {
                    s.append(String.format(Locale.ROOT, "%9s", Cells.percent(c.coldShare(), 1)));
                }
            }
            s.append('\n');
        }
        s.append(String.format(Locale.ROOT, "%nmeasured: one client per row, Poisson arrivals for %s each%n"
                + "accepted: the formula +-%s standard errors, widened downwards by the effect of the request time%n",
                duration(r.rowSeconds()), Cells.plain(r.sigmas())));
        s.append(String.format(Locale.ROOT, MEASURED + "%n", "T", "gap", "requests", "created", "cold", "formula",
                "accepted", "idle>=T", "req_ms"));
        boolean slow = false;
        for (KeepAliveRow m : r.measured()) {
            s.append(String.format(Locale.ROOT, MEASURED + "  %s%n", duration(m.keepAliveMs() / 1000),
                    duration(m.gapMs() / 1000), m.requests(), m.created(), Cells.percent(m.coldShare(), 1),
                    Cells.percent(m.expected(), 1),
                    Cells.number(m.lowest() * 100, 1) + "-" + Cells.percent(m.highest(), 1),
                    Cells.percent(m.idleShare(), 1), Cells.number(m.requestMeanMs(), 1),
                    m.withinTolerance() ? "ok" : "OUTSIDE"));
            if (m.failed() > 0) {
                s.append(String.format(Locale.ROOT, "  (%,d of its requests failed)%n", m.failed()));
            }
            slow |= m.requestMeanMs() > SHORT_REQUEST_SHARE * m.gapMs();
        }
        if (slow) {
            s.append("note: requests take over a tenth of the gap in some row; the formula assumes them much"
                    + " shorter: use longer gaps and keep-alives\n");
        }
        return s.toString();
    }

    private static String duration(double seconds) {
        return Durations.format(Duration.ofNanos(Math.round(seconds * 1e9)));
    }
}
