package io.proxybench.demo;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.experiments.reuse.ReuseRow;
import io.proxybench.experiments.reuse.ReuseTable;
import java.util.List;

/** Seed 000's reuse table, and a bar per configuration: connections created vs reused. */
final class ReuseView {

    private ReuseView() {}

    static StepResult of(List<ReuseRow> rows) {
        List<Bar> bars = rows.stream().map(r -> new Bar(r.configuration(), r.created(), r.reused())).toList();
        String chart = new BarChart("reuse", "Connections created vs reused, per configuration (200 requests each)",
                "requests", List.of("on a new connection", "on a reused connection"), bars).svg();
        return StepResult.of("reuse", ReuseTable.text(rows), rows, "Reuse (seed 000)",
                "Seed 000: a fresh session string per request, keep-alive 0 or a Connection: close header each cost a"
                        + " handshake per request; a sticky session with a pool of 16 and a long keep-alive opens 16."
                        + " Here with a 20 ms client-to-gateway round trip injected. Rerun: ./proxybench reuse",
                List.of(chart));
    }
}
