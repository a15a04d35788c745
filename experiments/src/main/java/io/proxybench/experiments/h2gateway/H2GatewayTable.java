package io.proxybench.experiments.h2gateway;

import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.report.Cells;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.records.Phase;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The HTTP/2 gateway experiment as a table: one column per lane, one row per figure, then what each gateway figure
 * was measured from, the lanes' errors, and a fallback to HTTP/1.1 said plainly.
 */
public final class H2GatewayTable {

    private static final String LABEL = "%-38s";
    private static final String CELL = " %27s";

    private H2GatewayTable() {}

    public static String text(H2GatewayResult r) {
        List<H2GatewayLane> lanes = r.lanes();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "open loop at %s req/s for %s s per lane, a new"
                + " tunnel (own session, own exit) per request%n", Cells.plain(r.ratePerSecond()),
                Cells.plain(r.seconds())));
        s.append(String.format(Locale.ROOT, "gateway: %s%nclient: at most %,d requests in flight, %,d tunnels on one"
                + " HTTP/2 connection%n%n", r.gateway(), r.maxInFlight(), r.maxStreamsPerConnection()));
        row(s, "", lanes, H2GatewayLane::lane);
        row(s, "requests scheduled", lanes, l -> Cells.grouped(l.scheduled()));
        row(s, "ok", lanes, l -> Cells.grouped(l.ok()));
        row(s, "failed", lanes, l -> Cells.grouped(l.failed()));
        row(s, "steady ok/s (median)", lanes, l -> Cells.number(l.steadyOkPerSecond(), 0));
        row(s, "start lag p99", lanes, l -> Cells.number(l.startLagP99Ms(), 1, " ms"));
        row(s, "backlog peak (in-flight cap reached)", lanes, l -> Cells.grouped(l.backlogPeak()));
        row(s, "gateway connections open, peak", lanes, l -> Cells.grouped(l.gatewayConnectionsPeak()));
        row(s, "gateway connections opened", lanes, l -> Cells.grouped(l.gatewayConnectionsOpened()));
        row(s, "tunnels", lanes, l -> Cells.grouped(l.tunnels()));
        row(s, "tunnels per gateway connection", lanes, l -> Cells.number(l.tunnelsPerGatewayConnection(), 1));
        row(s, "unique exits / ok", lanes, l -> Cells.number(l.uniqueExitsPerOk(), 3));
        s.append(String.format(Locale.ROOT, "phase p50 / p99 ms (successes with it)%n"));
        for (Phase phase : Phase.values()) {
            String name = phase.jsonName();
            if (lanes.stream().anyMatch(l -> l.phasesMs().containsKey(name))) {
                row(s, "  " + name, lanes, l -> phase(l.phasesMs(), name));
            }
        }
        s.append(String.format(Locale.ROOT, "measured from:%n"));
        source(s, "peak", lanes, H2GatewayLane::gatewayConnectionsPeakFrom);
        source(s, "opened", lanes, H2GatewayLane::gatewayConnectionsOpenedFrom);
        source(s, "tunnels", lanes, H2GatewayLane::tunnelsFrom);
        s.append(String.format(Locale.ROOT, "  %-8s ip= in the target's answers%n", "exits"));
        for (H2GatewayLane l : lanes) {
            if (!l.errors().isEmpty()) {
                s.append(String.format(Locale.ROOT, "errors, %s: %s%n", l.lane(), l.errors().entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
            }
            if (l.startLagP99Ms() > RunSummary.START_LAG_P99_LIMIT_MS || l.backlogPeak() > 0) {
                s.append(String.format(Locale.ROOT, "warning, %s: start lag p99 %s ms%s: the client did not keep the"
                        + " schedule, so the figures describe this machine's CPU as much as the proxy; lower --rate%n",
                        l.lane(), Cells.number(l.startLagP99Ms(), 1), l.backlogPeak() == 0 ? ""
                                : ", " + Cells.grouped(l.backlogPeak()) + " requests waiting for an in-flight slot"));
            }
            if (l.proxyConnections() != null && l.proxyConnections().fallbackWarning() != null) {
                s.append(String.format(Locale.ROOT, "warning, %s: %s%n", l.lane(),
                        l.proxyConnections().fallbackWarning()));
            }
        }
        return s.toString();
    }

    private static void row(StringBuilder s, String label, List<H2GatewayLane> lanes,
            Function<H2GatewayLane, String> cell) {
        s.append(String.format(Locale.ROOT, LABEL, label));
        lanes.forEach(l -> s.append(String.format(Locale.ROOT, CELL, cell.apply(l))));
        s.append(System.lineSeparator());
    }

    /** {@code p50 / p99 (count)}, or {@link Cells#MISSING} when no success of the lane had the phase. */
    private static String phase(Map<String, Percentiles> phases, String name) {
        Percentiles p = phases.get(name);
        return p == null ? Cells.MISSING : String.format(Locale.ROOT, "%s / %s (%s)", Cells.number(p.p50(), 1),
                Cells.number(p.p99(), 1), Cells.grouped(p.count()));
    }

    /** One line per figure: its source, or each lane's when they differ. */
    private static void source(StringBuilder s, String figure, List<H2GatewayLane> lanes,
            Function<H2GatewayLane, String> from) {
        String first = from.apply(lanes.get(0));
        String text = lanes.stream().allMatch(l -> from.apply(l).equals(first)) ? first
                : lanes.stream().map(l -> l.lane() + ": " + from.apply(l)).collect(Collectors.joining("; "));
        s.append(String.format(Locale.ROOT, "  %-8s %s%n", figure, text));
    }
}
