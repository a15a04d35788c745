package io.proxybench.experiments.sizepool;

import io.proxybench.analysis.report.Cells;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The pool-sizing result as seed 002 tells it: rejections per pool size and bucket, then the sizes to use. */
public final class SizePoolTable {

    private SizePoolTable() {}

    public static String text(SizePoolResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s: %,d requests, %.1f/s over %.1f s, sessions picked %s per request%n", r.source(), r.requests(),
                r.ratePerSec(), r.seconds(), r.assignment().equals("random") ? "at random" : "round-robin"));
        List<String> heads = new ArrayList<>();
        r.sizing().forEach(b -> heads.add("b" + b.burst() + " " + Cells.plain(b.bucketRatePerSec()) + "/s"));
        s.append(String.format(Locale.ROOT, "%8s %9s", "sessions", "req/s/IP"));
        heads.forEach(h -> s.append(String.format(Locale.ROOT, " %10s", h)));
        s.append(String.format(Locale.ROOT, "%n"));
        Map<Integer, List<SizePoolResult.Row>> bySize = new LinkedHashMap<>();
        r.rows().forEach(row -> bySize.computeIfAbsent(row.sessions(), k -> new ArrayList<>()).add(row));
        bySize.forEach((size, rows) -> {
            s.append(String.format(Locale.ROOT, "%8d %9.2f", size, rows.get(0).perIpRatePerSec()));
            rows.forEach(row -> s.append(String.format(Locale.ROOT, " %10s", Cells.number(row.rejectedPct(), 1, "%"))));
            s.append(String.format(Locale.ROOT, "%n"));
        });
        for (SizePoolResult.Sizing b : r.sizing()) {
            s.append(String.format(Locale.ROOT, "burst %d, %s/s: at the limit %,d sessions; rule of thumb 2 x %.0f /"
                    + " %s = %,d sessions (%.1f%% rejected); simulated need for <= %s%%: %s%n", b.burst(),
                    Cells.plain(b.bucketRatePerSec()), b.atLimitSessions(), r.ratePerSec(),
                    Cells.plain(b.bucketRatePerSec()), b.ruleOfThumbSessions(), b.ruleOfThumbRejectedPct(),
                    Cells.plain(b.targetRejectedPct()), b.neededSessions() == null
                            ? "more than " + b.searchedUpTo() + " sessions" : b.neededSessions() + " sessions"));
        }
        if (r.live() != null) {
            live(s, r.live());
        }
        return s.toString();
    }

    private static void live(StringBuilder s, SizePoolResult.LiveCheck l) {
        s.append(String.format(Locale.ROOT, "live: %s at %.0f/s for %.1f s per pool size, bucket burst %d, %s/s"
                + " (%s within %.0f points of the simulation)%n", l.url(), l.ratePerSec(), l.secondsEach(), l.burst(),
                Cells.plain(l.bucketRatePerSec()), l.agrees() ? "agrees:" : "DISAGREES: not all",
                l.marginPctPoints()));
        s.append(String.format(Locale.ROOT, "%8s %8s %6s %6s %6s %6s %9s %9s%n", "sessions", "requests", "exits", "ok",
                "429", "failed", "live", "simulated"));
        for (SizePoolResult.LiveRow row : l.rows()) {
            s.append(String.format(Locale.ROOT, "%8d %8d %6s %6d %6d %6d %9s %9s%n", row.sessions(),
                    row.requests(), Cells.or(row.exits(), Cells.MISSING), row.ok(), row.rejected(), row.failed(),
                    Cells.number(row.liveRejectedPct(), 1, "%"), Cells.number(row.simulatedRejectedPct(), 1, "%")));
        }
    }
}
