package io.proxybench.demo;

import io.proxybench.analysis.report.html.LineChart;
import io.proxybench.analysis.report.html.Series;
import io.proxybench.experiments.owners.OwnersExperiment;
import io.proxybench.experiments.owners.OwnersResult;
import io.proxybench.experiments.owners.OwnersRow;
import io.proxybench.experiments.owners.OwnersTable;
import java.util.ArrayList;
import java.util.List;

/** Seed 001's lanes, and per lane against log2 of the concurrency: requests per connection, median latency. */
final class OwnersView {

    private OwnersView() {}

    static StepResult of(OwnersResult result) {
        List<Series> perConnection = new ArrayList<>();
        List<Series> p50 = new ArrayList<>();
        for (String lane : List.of(OwnersExperiment.FORWARD, OwnersExperiment.SOCKS5)) {
            List<OwnersRow> rows = result.rows().stream().filter(r -> r.lane().equals(lane)).toList();
            double[] x = rows.stream().mapToDouble(r -> Math.log(r.concurrency()) / Math.log(2)).toArray();
            perConnection.add(new Series(lane, x, rows.stream().mapToDouble(r -> r.requestsPerConnection() == null
                    ? Double.NaN : r.requestsPerConnection()).toArray()));
            p50.add(new Series(lane, x, rows.stream().mapToDouble(r -> r.p50Ms() == null ? Double.NaN : r.p50Ms())
                    .toArray()));
        }
        String axis = "concurrency, log2 (0 = 1, 2 = 4, 4 = 16, 6 = 64)";
        List<String> charts = List.of(
                new LineChart("owners-reuse", "Requests per connection at the target", axis, "requests / connection",
                        perConnection).svg(),
                new LineChart("owners-latency", "Median latency per lane", axis, "ms", p50).svg());
        return StepResult.of("owners", OwnersTable.text(result), result,
                "Who owns the connection (seed 001)", "Seed 001: through an HTTP forward proxy the gateway owns the"
                        + " far leg and keeps 2 idle connections per host, so past concurrency 2 requests per"
                        + " connection fall to about 1.0 and every request pays a dial; through SOCKS5 the client's"
                        + " pool owns the stream and keeps reusing it. Rerun: ./proxybench owners", charts);
    }
}
