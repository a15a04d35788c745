package io.proxybench.demo;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.experiments.h2gateway.H2GatewayResult;
import io.proxybench.experiments.h2gateway.H2GatewayTable;
import java.util.List;

/** Seed 002's HTTP/2 to the proxy, and a bar per lane: gateway connections open at the peak. */
final class H2GatewayView {

    private H2GatewayView() {}

    static StepResult of(H2GatewayResult result) {
        List<Bar> bars = result.lanes().stream().map(l -> new Bar(l.lane(), l.gatewayConnectionsPeak())).toList();
        String chart = new BarChart("h2-gateway", "Gateway connections open at the peak, a new tunnel per request at "
                + Numbers.plain(result.ratePerSecond()) + " req/s", "connections", List.of("peak open"), bars).svg();
        return StepResult.of("h2-gateway", H2GatewayTable.text(result), result, "HTTP/2 to the proxy (seed 002)",
                "Seed 002: over HTTP/1.1 every tunnel needs its own TCP connection to the gateway, as many as 803 open"
                        + " at 1k req/s; with HTTP/2 to the proxy each CONNECT is a stream with its own exit, and 12"
                        + " connections carried them all (unique exits 99.6% of successes at 500 req/s). Rerun:"
                        + " ./proxybench h2-gateway", List.of(chart));
    }
}
