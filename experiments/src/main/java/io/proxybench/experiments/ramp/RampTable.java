package io.proxybench.experiments.ramp;

import io.proxybench.analysis.report.Cells;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A ramp as a table: a row per step with its failures split by side (gateway refusals, target blocks, other
 * failures), each step's failure labels under it, then the verdict.
 */
public final class RampTable {

    private static final String ROW = "%11s %8s %8s %8s %7s %7s %8s %7s %7s %7s%n";

    private RampTable() {}

    public static String text(RampResult r) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "ramp through %s to %s%s%n",
                r.proxies().size() == 1 ? r.proxies().get(0) : r.proxies().size() + " proxies", r.url(),
                r.labLimit() == null ? "" : r.labLimit() == 0 ? " (lab, no per-user limit)"
                        : " (lab, per-user limit " + r.labLimit() + ")"));
        s.append(String.format(Locale.ROOT, "%s s per step, one tunnel per worker kept open; past a step when over"
                + " %s of requests fail%s%n", Cells.number(r.stepSeconds(), 1), Cells.percent(r.maxErrors(), 1),
                r.maxP99Ms() == null ? "" : " or p99 over " + Cells.millis(r.maxP99Ms()) + " ms"));
        s.append(String.format(Locale.ROOT, ROW, "concurrency", "requests", "ok", "req/s", "p50_ms", "p99_ms",
                "gateway", "target", "other", "errors"));
        for (RampStep step : r.steps()) {
            s.append(String.format(Locale.ROOT, ROW, step.concurrency() + (step.past() ? " *" : ""),
                    step.requests(), step.ok(), Cells.number(step.requestsPerSecond(), 0), Cells.millis(step.p50Ms()),
                    Cells.millis(step.p99Ms()), step.gatewayRefusals(), step.targetBlocks(), step.otherFailures(),
                    Cells.percent(step.errorShare(), 1)));
            step.failures().forEach((side, labels) -> s.append(String.format(Locale.ROOT, "%11s %s: %s%n", "", side,
                    labels(labels))));
        }
        s.append(String.format(Locale.ROOT, "verdict: %s%n", r.verdict().text()));
        return s.toString();
    }

    private static String labels(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }
}
