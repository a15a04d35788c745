package io.proxybench.harness.metrics;

import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Figure;
import io.proxybench.harness.engine.LiveRun;
import io.proxybench.harness.engine.RunnerCounters;
import io.proxybench.harness.sinks.RecordSink;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A run's figures as Prometheus metrics, for {@code run --metrics-port}: a view of the run's statistics
 * ({@link RunStatistics}, read at scrape time) and of the runner's counters (scheduled, sent, retried, in flight,
 * backlog); only the per-phase latency histogram, in Prometheus's buckets, counts records as they arrive. Once
 * {@code proxybench_run_finished} is 1 (set when the run has ended and its records file, if it writes one, is closed) the counters equal
 * what that file holds. Latencies are in seconds; a shard's metrics are its own (sum them across shards, except
 * {@code proxybench_exits}, whose sum only bounds the run's unique exits from above).
 */
public final class RunMetrics implements RecordSink {

    /** Histogram bucket bounds in seconds: loopback handshakes up to a slow residential exit's minute. */
    private static final double[] BOUNDS_SECONDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
        1, 2.5, 5, 10, 30, 60};
    private static final Phase[] PHASES = Phase.values();

    private final PrometheusRegistry registry = new PrometheusRegistry();
    /** Per {@link Phase}, in its order. */
    private final DistributionDataPoint[] phases = new DistributionDataPoint[PHASES.length];
    private volatile LiveRun live;
    private volatile boolean finished;

    /** @param segment the shard's segment as its records write it, or null for a whole run */
    public RunMetrics(String segment) {
        CounterWithCallback.builder().name("proxybench_records")
                .help("Requests recorded, by seed 002 outcome (every scheduled request gets one record)")
                .labelNames("outcome").callback(cb -> {
                    for (Outcome o : Outcome.values()) {
                        cb.call(statistics(s -> s.outcomes().count(o)), o.jsonName());
                    }
                }).register(registry);
        CounterWithCallback.builder().name("proxybench_errors")
                .help("Requests that failed without a response, by the phase that failed (drain timeouts as total)")
                .labelNames("phase").callback(cb -> {
                    Map<String, Long> errors = statistics(s -> s.outcomes().errorsByPhase(), Map.of());
                    for (Phase phase : PHASES) {
                        cb.call(errors.getOrDefault(phase.jsonName(), 0L), phase.jsonName());
                    }
                }).register(registry);
        CounterWithCallback.builder().name("proxybench_tunnel_requests")
                .help("Requests on a tunnel they opened (created; failed setups included, the same as"
                        + " proxybench_connections_opened_total) or on one already open (reused)")
                .labelNames("tunnel").callback(cb -> {
                    cb.call(statistics(s -> s.wire().connectionsOpened()), "created");
                    cb.call(statistics(s -> s.wire().reusedConnections()), "reused");
                }).register(registry);
        CounterWithCallback.builder().name("proxybench_wire_bytes")
                .help("Bytes on the wire of every request, failed and retried sends included, TLS and proxy"
                        + " handshakes included").labelNames("direction").callback(cb -> {
                    cb.call(statistics(s -> s.wire().bytesOut()), "out");
                    cb.call(statistics(s -> s.wire().bytesIn()), "in");
                }).register(registry);
        Histogram latency = Histogram.builder().name("proxybench_phase_seconds")
                .help("Latency of successful requests (status 200) per phase; total counts from the scheduled start")
                .labelNames("phase").classicOnly().classicUpperBounds(BOUNDS_SECONDS).register(registry);
        for (int i = 0; i < PHASES.length; i++) {
            phases[i] = latency.labelValues(PHASES[i].jsonName());
        }
        fromCounters("proxybench_requests_scheduled", "Requests whose scheduled time has come",
                RunnerCounters::scheduled);
        fromCounters("proxybench_requests_sent", "Requests handed to the client for their first try",
                RunnerCounters::sent);
        fromCounters("proxybench_retries", "Sends after a failed one, on a new tunnel", RunnerCounters::retries);
        GaugeWithCallback.builder().name("proxybench_requests_in_flight").help("Requests sent and not yet answered")
                .callback(cb -> cb.call(live == null ? 0 : live.counters().inFlight())).register(registry);
        GaugeWithCallback.builder().name("proxybench_requests_backlog")
                .help("Requests due but waiting for an in-flight slot (--max-in-flight)")
                .callback(cb -> cb.call(live == null ? 0 : live.counters().backlog())).register(registry);
        GaugeWithCallback.builder().name("proxybench_exits")
                .help("Deprecated, the same as proxybench_" + FigureNames.UNIQUE_EXITS + " (kept for one version)")
                .callback(cb -> cb.call(statistics(s -> s.exits().uniqueIps()))).register(registry);
        figures();
        GaugeWithCallback.builder().name("proxybench_run_finished")
                .help("1 once the run has ended and its records file (if any) is closed: the counters are final")
                .callback(cb -> cb.call(finished ? 1 : 0)).register(registry);
        Info.builder().name("proxybench_run").help("The shard's execution segment (empty for a whole run)")
                .labelNames("segment").register(registry).setLabelValues(segment == null ? "" : segment);
    }

    /**
     * Every figure of the run's statistics under its one name ({@link FigureNames}): a count that only grows as
     * {@code proxybench_NAME_total}, a time in seconds as {@code proxybench_NAME_seconds}, any other as a gauge
     * {@code proxybench_NAME}; a figure the run leaves undefined so far has no sample. {@code records} is
     * {@code proxybench_records_total} summed over its outcomes.
     */
    private void figures() {
        for (Figure figure : Figure.named().values()) {
            String name = figure.name();
            String help = "The figure " + name + " of the run so far (docs: Figures)";
            if (name.equals(FigureNames.RECORDS)) {
                continue;
            }
            if (COUNTS.contains(name)) {
                CounterWithCallback.builder().name("proxybench_" + name).help(help)
                        .callback(cb -> figure(figure, 1).ifPresent(cb::call)).register(registry);
            } else if (figure.kind() == Figure.Kind.MILLIS) {
                GaugeWithCallback.builder().name("proxybench_" + name + "_seconds").help(help)
                        .callback(cb -> figure(figure, 1e-3).ifPresent(cb::call)).register(registry);
            } else {
                GaugeWithCallback.builder().name("proxybench_" + name).help(help)
                        .callback(cb -> figure(figure, 1).ifPresent(cb::call)).register(registry);
            }
        }
    }

    /** The figures that count something that only grows during a run: Prometheus counters. */
    private static final Set<String> COUNTS = Set.of(FigureNames.OK, FigureNames.CONNECTIONS_OPENED,
            FigureNames.RETRIED);

    /**
     * {@code figure} of the statistics so far (before the run, of none) times {@code scale}; empty while undefined.
     */
    private OptionalDouble figure(Figure figure, double scale) {
        LiveRun run = live;
        Double value = run == null ? figure.value().apply(new RunStatistics()) : run.statistics(figure.value());
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value * scale);
    }

    /** The registry to serve. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** Reads the run's statistics and counters from now on. */
    @Override
    public void start(LiveRun run) {
        this.live = run;
    }

    /** Counts a success's phases into the latency histogram; any thread. */
    @Override
    public void accept(RequestRecord r) {
        if (r.ok()) {
            for (int i = 0; i < PHASES.length; i++) {
                Double seconds = PHASES[i].seconds(r);
                if (seconds != null) {
                    phases[i].observe(seconds);
                }
            }
        }
    }

    /** Marks the run ended and its records file closed; call it only when both went well. */
    public void finish() {
        finished = true;
    }

    /** Whether {@link #finish()} was called. */
    public boolean finished() {
        return finished;
    }

    private void fromCounters(String name, String help, ToDoubleFunction<RunnerCounters> value) {
        CounterWithCallback.builder().name(name).help(help)
                .callback(cb -> cb.call(live == null ? 0 : value.applyAsDouble(live.counters()))).register(registry);
    }

    /** {@code read} of the run's statistics so far; 0 before the run starts. */
    private double statistics(ToDoubleFunction<RunStatistics> read) {
        LiveRun run = live;
        return run == null ? 0 : run.statistics(read::applyAsDouble);
    }

    private <T> T statistics(Function<RunStatistics, T> read, T before) {
        LiveRun run = live;
        return run == null ? before : run.statistics(read);
    }
}
