package io.proxybench.watch.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.core.metrics.Info;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import io.proxybench.records.RequestRecord;
import io.proxybench.watch.CheckMode;
import io.proxybench.watch.WatchedProvider;
import io.proxybench.watch.live.LastCheck;
import io.proxybench.watch.live.LastProbe;
import io.proxybench.watch.live.ProviderLive;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.ToDoubleFunction;

/**
 * Watch's Prometheus metrics (docs/watch.md, Metrics): blackbox_exporter's names for each provider's last check
 * ({@code probe_success}, {@code probe_duration_seconds}, {@code probe_http_duration_seconds{phase}} with the proxy's
 * phases added, {@code probe_http_status_code}) and proxybench's own, {@code proxybench_watch_*}. Every series is
 * labelled {@code site} and {@code provider}; the other labels take a fixed set of values (mode, outcome, phase,
 * direction, a probe line's id), so the series grow with the providers configured and nothing else: no exit IP is a
 * label. Latencies are in seconds.
 */
public final class WatchMetrics {

    /** Histogram bucket bounds in seconds: a loopback handshake up to a check's longest timeout. */
    private static final double[] BOUNDS_SECONDS = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1,
        2.5, 5, 10, 30, 60};
    private static final Phase[] PHASES = Phase.values();
    private static final Outcome[] OUTCOMES = Outcome.values();
    private static final CheckMode[] MODES = CheckMode.values();

    /** One provider's series, their label values bound once. */
    private record Series(WatchedProvider provider, ProviderLive live, CounterDataPoint[] checks,
            CounterDataPoint[] errors, DistributionDataPoint[] phases, CounterDataPoint opened,
            CounterDataPoint reused, CounterDataPoint bytesIn, CounterDataPoint bytesOut, CounterDataPoint skipped) {}

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final String site;
    private final List<Series> series;
    private final Function<String, LastProbe> probes;

    /**
     * @param probes each provider's last probe by name, null before one
     * @param historyBytes the history directory's size now, bytes
     * @param historyDropped records and minutes not written to the history so far (the disk behind, or the history
     *     over its cap)
     */
    public WatchMetrics(String site, String version, List<WatchedProvider> providers, List<ProviderLive> lives,
            Function<String, LastProbe> probes, LongSupplier historyBytes, LongSupplier historyDropped) {
        this.site = site;
        this.probes = probes;
        Counter checks = Counter.builder().name("proxybench_watch_checks")
                .help("Checks ended, by kind (rotating: each on a new tunnel; sticky: in one kept session) and"
                        + " outcome").labelNames("site", "provider", "mode", "outcome").register(registry);
        Counter errors = Counter.builder().name("proxybench_watch_errors")
                .help("Checks that failed without a response, by the phase that failed")
                .labelNames("site", "provider", "phase").register(registry);
        Histogram phases = Histogram.builder().name("proxybench_watch_phase_seconds")
                .help("Latency of successful checks (status 200) per phase, seconds")
                .labelNames("site", "provider", "phase").classicOnly().classicUpperBounds(BOUNDS_SECONDS)
                .register(registry);
        Counter opened = counter("proxybench_watch_connections_opened",
                "Tunnels opened: each a proxy handshake (and a TLS one to an https target)");
        Counter reused = counter("proxybench_watch_reused", "Checks sent on a tunnel already open");
        Counter bytes = Counter.builder().name("proxybench_watch_wire_bytes")
                .help("Bytes on the wire of the checks, handshakes included").labelNames("site", "provider",
                        "direction").register(registry);
        Counter skipped = counter("proxybench_watch_checks_skipped",
                "Checks not sent because the provider already had its most checks in flight (it is stalling)");
        List<Series> all = new ArrayList<>();
        for (int i = 0; i < providers.size(); i++) {
            WatchedProvider p = providers.get(i);
            String name = p.name();
            CounterDataPoint[] byOutcome = new CounterDataPoint[MODES.length * OUTCOMES.length];
            for (CheckMode m : MODES) {
                for (Outcome o : OUTCOMES) {
                    byOutcome[m.ordinal() * OUTCOMES.length + o.ordinal()] = checks.labelValues(site, name, m.label(),
                            o.jsonName());
                }
            }
            CounterDataPoint[] byPhase = new CounterDataPoint[PHASES.length];
            DistributionDataPoint[] latency = new DistributionDataPoint[PHASES.length];
            for (Phase phase : PHASES) {
                byPhase[phase.ordinal()] = errors.labelValues(site, name, phase.jsonName());
                latency[phase.ordinal()] = phases.labelValues(site, name, phase.jsonName());
            }
            all.add(new Series(p, lives.get(i), byOutcome, byPhase, latency, opened.labelValues(site, name),
                    reused.labelValues(site, name), bytes.labelValues(site, name, "in"),
                    bytes.labelValues(site, name, "out"), skipped.labelValues(site, name)));
        }
        this.series = List.copyOf(all);
        blackbox();
        figures();
        GaugeWithCallback.builder().name("proxybench_watch_history_bytes")
                .help("Bytes the history directory holds").labelNames("site")
                .callback(cb -> cb.call(historyBytes.getAsLong(), site)).register(registry);
        CounterWithCallback.builder().name("proxybench_watch_history_dropped")
                .help("Writes to the history dropped: the disk fell behind, or today's files alone were over the cap")
                .labelNames("site").callback(cb -> cb.call(historyDropped.getAsLong(), site)).register(registry);
        Info.builder().name("proxybench_watch").help("This watcher's site and proxybench's version")
                .labelNames("site", "version").register(registry).setLabelValues(site, version);
    }

    private Counter counter(String name, String help) {
        return Counter.builder().name(name).help(help).labelNames("site", "provider").register(registry);
    }

    /** The registry to serve. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** Counts a check of provider {@code index} (in the order given). Any thread. */
    public void count(int index, CheckMode mode, RequestRecord r) {
        Series s = series.get(index);
        Outcome outcome = r.outcome() == null ? Outcome.PROXY_FAILURE : r.outcome();
        s.checks[mode.ordinal() * OUTCOMES.length + outcome.ordinal()].inc();
        if (r.error() != null) {
            int underscore = r.error().indexOf('_');
            Phase failed = phase(underscore < 0 ? "total" : r.error().substring(0, underscore));
            s.errors[failed.ordinal()].inc();
        }
        if (r.ok()) {
            for (Phase phase : PHASES) {
                Double seconds = phase.seconds(r);
                if (seconds != null) {
                    s.phases[phase.ordinal()].observe(seconds);
                }
            }
        }
        if (Boolean.TRUE.equals(r.reused())) {
            s.reused.inc();
        } else if (Boolean.FALSE.equals(r.reused())) {
            s.opened.inc();
        }
        if (r.bytesIn() != null) {
            s.bytesIn.inc(r.bytesIn());
        }
        if (r.bytesOut() != null) {
            s.bytesOut.inc(r.bytesOut());
        }
    }

    /** Counts a check of provider {@code index} not sent: it had its most in flight. */
    public void skipped(int index) {
        series.get(index).skipped.inc();
    }

    private static Phase phase(String name) {
        for (Phase p : PHASES) {
            if (p.jsonName().equals(name)) {
                return p;
            }
        }
        return Phase.TOTAL;
    }

    /** blackbox_exporter's gauges, of each provider's last check. */
    private void blackbox() {
        lastCheck("probe_success", "1 when the provider's last check got status 200 through it, else 0",
                c -> c.success() ? 1 : 0);
        lastCheck("probe_duration_seconds", "How long the provider's last check took, seconds",
                c -> c.record().total() == null ? 0 : c.record().total());
        lastCheck("probe_http_status_code", "The target's status to the provider's last check, 0 for none",
                LastCheck::status);
        GaugeWithCallback.builder().name("probe_http_duration_seconds")
                .help("The provider's last check by phase, seconds: resolve, connect (TCP to the proxy), proxy_tls"
                        + " (TLS to an https proxy), proxy_connect (its CONNECT or SOCKS5 exchange), tls (to the"
                        + " target), processing (request sent until response read); 0 for a phase not taken")
                .labelNames("site", "provider", "phase").callback(cb -> {
                    for (Series s : series) {
                        LastCheck c = s.live.last();
                        if (c == null) {
                            continue;
                        }
                        RequestRecord r = c.record();
                        String name = s.provider.name();
                        cb.call(or0(r.dns()), site, name, "resolve");
                        cb.call(or0(r.tcp()), site, name, "connect");
                        cb.call(or0(r.proxyTls()), site, name, "proxy_tls");
                        cb.call(or0(r.connect()) + or0(r.socks()), site, name, "proxy_connect");
                        cb.call(or0(r.tls()), site, name, "tls");
                        cb.call(or0(r.request()), site, name, "processing");
                    }
                }).register(registry);
    }

    private static double or0(Double seconds) {
        return seconds == null ? 0 : seconds;
    }

    private void lastCheck(String name, String help, ToDoubleFunction<LastCheck> value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames("site", "provider").callback(cb -> {
            for (Series s : series) {
                LastCheck c = s.live.last();
                if (c != null) {
                    cb.call(value.applyAsDouble(c), site, s.provider.name());
                }
            }
        }).register(registry);
    }

    /** proxybench's own gauges: the figures over recent checks, the session's life, the last probe. */
    private void figures() {
        live("proxybench_watch_handshakes_per_1000", "Tunnels opened per 1,000 checks, over the last 5 closed"
                + " minutes", l -> {
                    ProviderLive.Recent r = l.recent();
                    return r.checks() == 0 ? Double.NaN : 1000.0 * r.handshakes() / r.checks();
                });
        live("proxybench_watch_reuse_ratio", "Share of the checks that got a tunnel that were sent on one already"
                + " open, over the last 5 closed minutes", l -> {
                    ProviderLive.Recent r = l.recent();
                    long tunnels = r.reused() + r.handshakes();
                    return tunnels == 0 ? Double.NaN : (double) r.reused() / tunnels;
                });
        live("proxybench_watch_bytes_per_request", "Bytes on the wire per check, both ways, handshakes included,"
                + " over the last 5 closed minutes", l -> {
                    ProviderLive.Recent r = l.recent();
                    return r.checks() == 0 ? Double.NaN : (double) r.bytes() / r.checks();
                });
        live("proxybench_watch_exits", "Distinct exit IPs among the last 100 rotating checks that reported one",
                ProviderLive::exits);
        live("proxybench_watch_exit_subnets", "Distinct /24s (IPv6: /48s) among the same exits",
                ProviderLive::subnets);
        live("proxybench_watch_session_age_seconds", "How long the sticky session has kept its exit so far",
                ProviderLive::sessionAge);
        live("proxybench_watch_session_life_seconds", "The last ended sticky session's observed life: from the"
                + " first check on its exit to the last before another exit was seen", ProviderLive::sessionLife);
        provider("proxybench_watch_documented_session_seconds", "How long the provider documents a sticky session"
                + " to last (config session_life)", p -> p.sessionLife() == null ? Double.NaN
                        : p.sessionLife().toMillis() / 1000.0);
        provider("proxybench_watch_p99_budget_seconds", "The p99 of a check's total above which"
                + " ProxyP99OverBudget fires (config p99_budget)", p -> p.p99Budget().toMillis() / 1000.0);
        probe("proxybench_watch_probe_success", "1 when the provider's last probe ran its checks through, 0 when"
                + " it stopped on a diagnosis", p -> p.success() ? 1 : 0);
        probe("proxybench_watch_probe_timestamp_seconds", "When the provider's last probe ended, Unix seconds",
                p -> p.at() / 1000.0);
        GaugeWithCallback.builder().name("proxybench_watch_probe_figure")
                .help("The provider's last probe's figures, by its card's line id (proxybench probe --json)")
                .labelNames("site", "provider", "check").callback(cb -> {
                    for (Series s : series) {
                        LastProbe p = probes.apply(s.provider.name());
                        if (p == null) {
                            continue;
                        }
                        for (LastProbe.Line line : p.lines()) {
                            if (line.measured() && line.figure() != null) {
                                cb.call(line.figure(), site, s.provider.name(), line.id());
                            }
                        }
                    }
                }).register(registry);
    }

    private void live(String name, String help, ToDoubleFunction<ProviderLive> value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames("site", "provider").callback(cb -> {
            for (Series s : series) {
                double v = value.applyAsDouble(s.live);
                if (!Double.isNaN(v)) {
                    cb.call(v, site, s.provider.name());
                }
            }
        }).register(registry);
    }

    private void provider(String name, String help, ToDoubleFunction<WatchedProvider> value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames("site", "provider").callback(cb -> {
            for (Series s : series) {
                double v = value.applyAsDouble(s.provider);
                if (!Double.isNaN(v)) {
                    cb.call(v, site, s.provider.name());
                }
            }
        }).register(registry);
    }

    private void probe(String name, String help, ToDoubleFunction<LastProbe> value) {
        GaugeWithCallback.builder().name(name).help(help).labelNames("site", "provider").callback(cb -> {
            for (Series s : series) {
                LastProbe p = probes.apply(s.provider.name());
                if (p != null) {
                    cb.call(value.applyAsDouble(p), site, s.provider.name());
                }
            }
        }).register(registry);
    }
}
