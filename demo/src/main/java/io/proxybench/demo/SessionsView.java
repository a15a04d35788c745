package io.proxybench.demo;

import io.proxybench.analysis.report.html.Bar;
import io.proxybench.analysis.report.html.BarChart;
import io.proxybench.experiments.sessions.SessionsResult;
import io.proxybench.experiments.sessions.SessionsTable;
import java.util.List;

/** Seed 002's rotation vs sticky, and bars per mode: steady throughput, TLS phase median, exits under a burst. */
final class SessionsView {

    private SessionsView() {}

    static StepResult of(SessionsResult result) {
        // A mode without a steady window or a TLS phase gets no bar: a 0 would read as a measurement.
        List<Bar> throughput = result.modes().stream().filter(m -> m.steadyRequestsPerSecond() != null)
                .map(m -> new Bar(m.mode(), m.steadyRequestsPerSecond())).toList();
        List<Bar> tls = result.modes().stream().filter(m -> m.tlsP50Ms() != null)
                .map(m -> new Bar(m.mode(), m.tlsP50Ms())).toList();
        List<Bar> exits = result.bursts().stream().map(b -> new Bar(b.mode() + ": " + b.requests() + " requests over "
                + b.tunnels() + " tunnels", b.uniqueExits())).toList();
        List<String> charts = List.of(
                new BarChart("sessions-throughput", "Steady throughput at " + result.concurrency()
                        + " concurrent requests", "successful requests / s", List.of("req/s"), throughput).svg(),
                new BarChart("sessions-tls", "TLS phase median (includes the exit's setup)", "ms", List.of("tls p50"),
                        tls).svg(),
                new BarChart("sessions-burst", "Exit IPs used under a burst", "distinct exit IPs", List.of("exits"),
                        exits).svg());
        return StepResult.of("sessions", SessionsTable.text(result), result, "Rotation vs sticky (seed 002)",
                "Seed 002: 200 warmed sticky sessions delivered 1.98x the steady throughput of a new rotated tunnel"
                        + " per request at the same concurrency (sticky TLS phase median 87 ms), and one sticky session"
                        + " kept one exit IP across 100 concurrent tunnels. Rerun: ./proxybench sessions", charts);
    }
}
