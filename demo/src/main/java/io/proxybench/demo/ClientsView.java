package io.proxybench.demo;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.audit.ClientsResult;
import io.proxybench.audit.ClientsTable;
import java.util.List;

/** Seed 002's client table for Java, and bars per client and limits: the top exit's share, tunnels at the gateway. */
final class ClientsView {

    private ClientsView() {}

    static StepResult of(ClientsResult result) {
        List<Bar> shares = result.loads().stream().filter(l -> l.topExitShare() != null)
                .map(l -> new Bar(l.client() + ", " + l.limits(), 100 * l.topExitShare())).toList();
        List<Bar> tunnels = result.loads().stream().filter(l -> l.peakTunnels() != null)
                .map(l -> new Bar(l.client() + ", " + l.limits(), l.peakTunnels(), l.tunnelsOpened())).toList();
        List<String> charts = List.of(
                new BarChart("clients-exit", "Share of requests on the most-used exit", "% of ok requests",
                        List.of("top exit"), shares).svg(),
                new BarChart("clients-tunnels", "Tunnels at the gateway", "tunnels", List.of("peak open", "opened"),
                        tunnels).svg());
        return StepResult.of("clients", ClientsTable.text(result), result,
                "Java clients through a rotating gateway (seed 002)", "Seed 002: at default settings, curl_cffi sent"
                        + " 98.8% of 1,000 requests through one exit of a rotating pool, and httpx opened a new tunnel"
                        + " for most requests; raising the limits takes one line per client. The same load here for"
                        + " Java's clients, and whether one client keeps two sessions apart. Rerun: ./proxybench"
                        + " clients", charts);
    }
}
