package io.proxybench.harness.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.proxybench.analysis.BlockClassifier;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import io.proxybench.harness.LiveRun;
import io.proxybench.harness.RecordSink;
import io.proxybench.harness.RunStats;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * A run's figures as Prometheus metrics, for {@code run --metrics-port}. Every counter that a record drives counts
 * records as they reach the sink, so once {@code proxybench_run_finished} is 1 (set when the run has ended and its
 * records file is closed) the counters equal what that file holds. Scheduled, sent, retried, in flight and backlog are read from the runner's {@link RunStats} at scrape
 * time. Latencies are in seconds; a shard's metrics are its own (sum them across shards, except
 * {@code proxybench_exits}, whose sum only bounds the run's unique exits from above).
 */
public final class RunMetrics implements RecordSink {

    /** Histogram bucket bounds in seconds: loopback handshakes up to a slow residential exit's minute. */
    private static final double[] BOUNDS_SECONDS = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
        1, 2.5, 5, 10, 30, 60};
    private static final Phase[] PHASES = Phase.values();

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Counter errors;
    // Each label set's data point, looked up once: a record then costs no label lookup.
    private final Map<Outcome, CounterDataPoint> records = new EnumMap<>(Outcome.class);
    private final Map<String, CounterDataPoint> errorsByPhase = new ConcurrentHashMap<>();
    private final CounterDataPoint created;
    private final CounterDataPoint reused;
    private final CounterDataPoint bytesOut;
    private final CounterDataPoint bytesIn;
    /** Per {@link Phase}, in its order. */
    private final DistributionDataPoint[] phases = new DistributionDataPoint[PHASES.length];
    private final Set<String> exits = ConcurrentHashMap.newKeySet();
    private volatile RunStats stats;
    private volatile boolean finished;

    /** @param segment the shard's segment as its records write it, or null for a whole run */
    public RunMetrics(String segment) {
        Counter outcomes = Counter.builder().name("proxybench_records")
                .help("Requests recorded, by seed 002 outcome (every scheduled request gets one record)")
                .labelNames("outcome").register(registry);
        for (Outcome o : Outcome.values()) {
            records.put(o, outcomes.labelValues(o.jsonName()));
        }
        errors = Counter.builder().name("proxybench_errors")
                .help("Requests that failed without a response, by the phase that failed (drain timeouts as total)")
                .labelNames("phase").register(registry);
        for (Phase phase : PHASES) {
            errorsByPhase.put(phase.jsonName(), errors.labelValues(phase.jsonName()));
        }
        Counter tunnels = Counter.builder().name("proxybench_tunnel_requests")
                .help("Requests answered on a tunnel they opened (created) or on one already open (reused)")
                .labelNames("tunnel").register(registry);
        created = tunnels.labelValues("created");
        reused = tunnels.labelValues("reused");
        Counter bytes = Counter.builder().name("proxybench_wire_bytes")
                .help("Bytes on the wire of answered requests, TLS and proxy handshakes included")
                .labelNames("direction").register(registry);
        bytesOut = bytes.labelValues("out");
        bytesIn = bytes.labelValues("in");
        Histogram latency = Histogram.builder().name("proxybench_phase_seconds")
                .help("Latency of successful requests (status 200) per phase; total counts from the scheduled start")
                .labelNames("phase").classicOnly().classicUpperBounds(BOUNDS_SECONDS).register(registry);
        for (int i = 0; i < PHASES.length; i++) {
            phases[i] = latency.labelValues(PHASES[i].jsonName());
        }
        fromStats("proxybench_requests_scheduled", "Requests whose scheduled time has come", RunStats::scheduled);
        fromStats("proxybench_requests_sent", "Requests handed to the client for their first try", RunStats::sent);
        fromStats("proxybench_retries", "Sends after a failed one, on a new tunnel", RunStats::retries);
        GaugeWithCallback.builder().name("proxybench_requests_in_flight").help("Requests sent and not yet answered")
                .callback(cb -> cb.call(stats == null ? 0 : stats.inFlight())).register(registry);
        GaugeWithCallback.builder().name("proxybench_requests_backlog")
                .help("Requests due but waiting for an in-flight slot (--max-in-flight)")
                .callback(cb -> cb.call(stats == null ? 0 : stats.backlog())).register(registry);
        GaugeWithCallback.builder().name("proxybench_exits").help("Unique exit IPs among answered requests so far")
                .callback(cb -> cb.call(exits.size())).register(registry);
        GaugeWithCallback.builder().name("proxybench_run_finished")
                .help("1 once the run has ended and its records file is closed: the counters are final")
                .callback(cb -> cb.call(finished ? 1 : 0)).register(registry);
        Info.builder().name("proxybench_run").help("The shard's execution segment (empty for a whole run)")
                .labelNames("segment").register(registry).setLabelValues(segment == null ? "" : segment);
    }

    /** The registry to serve. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** Reads scheduled, sent, retries, in flight and backlog from the run's counters from now on. */
    @Override
    public void start(LiveRun live) {
        this.stats = live.counters();
    }

    /** Counts one record; any thread. */
    @Override
    public void accept(RequestRecord r) {
        if (r.outcome() != null) {
            records.get(r.outcome()).inc();
        }
        if (r.error() != null) {
            errorsByPhase.computeIfAbsent(BlockClassifier.phaseOf(r.error()), errors::labelValues).inc();
            return;
        }
        if (r.reused() != null) {
            (r.reused() ? reused : created).inc();
        }
        if (r.bytesOut() != null) {
            bytesOut.inc(r.bytesOut());
        }
        if (r.bytesIn() != null) {
            bytesIn.inc(r.bytesIn());
        }
        if (r.ip() != null) {
            exits.add(r.ip());
        }
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

    private void fromStats(String name, String help, ToDoubleFunction<RunStats> value) {
        CounterWithCallback.builder().name(name).help(help)
                .callback(cb -> cb.call(stats == null ? 0 : value.applyAsDouble(stats))).register(registry);
    }
}
