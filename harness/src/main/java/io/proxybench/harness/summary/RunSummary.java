package io.proxybench.harness.summary;

import io.proxybench.analysis.FirstTries;
import io.proxybench.analysis.report.Analysis;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import io.proxybench.harness.CpuSampler;
import io.proxybench.client.metrics.ClientCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The end-of-run summary in the seed harness's shape: {@code rate R/s for Ds: ok/total ok, N unique exit IPs},
 * percentiles per phase (milliseconds), errors by label, the largest start lag, and the client's reuse figures,
 * with new-tunnel and reused-tunnel latency apart.
 *
 * @param phasesMs p50/p90/p99 in milliseconds per phase, over successful requests
 * @param newConnectionTotalMs total latency of successful requests that opened their connection
 * @param reusedConnectionTotalMs total latency of successful requests on a reused connection
 * @param bytesPerOk wire bytes (both ways, handshakes included) per successful request
 * @param firstTries first tries apart from retries: how many requests succeeded on their first send, and how the
 *     others' first sends failed
 * @param outcomes records per outcome (seed 002's five), as classified when recorded
 * @param closedLoop whether the run was the closed-loop comparison (no schedule; latency from the send)
 * @param connectionsClosed connections the client closed, by reason ({@code idle_timeout}, {@code evicted},
 *     {@code client_close}, ...), from its counters: an idle connection's close has no record of its own
 * @param proxyConnections how tunnels reached the proxy when HTTP/2 to it was asked for; null when it was not
 * @param poolAfter the client's connections once the run was over and the client closed
 */
public record RunSummary(
        @JsonProperty("schedule") String schedule,
        @JsonProperty("scheduled") long scheduled,
        @JsonProperty("ok") long ok,
        @JsonProperty("unique_exit_ips") long uniqueExitIps,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("errors") Map<String, Long> errors,
        @JsonProperty("max_start_lag_ms") double maxStartLagMs,
        @JsonProperty("backlog_peak") int backlogPeak,
        @JsonProperty("handshakes_per_1000") double handshakesPer1000,
        @JsonProperty("reuse_rate") double reuseRate,
        @JsonProperty("bytes_per_ok") double bytesPerOk,
        @JsonProperty("first_tries") FirstTries firstTries,
        @JsonProperty("outcomes") Map<String, Long> outcomes,
        @JsonProperty("closed_loop") boolean closedLoop,
        @JsonProperty("new_connection_total_ms") Percentiles newConnectionTotalMs,
        @JsonProperty("reused_connection_total_ms") Percentiles reusedConnectionTotalMs,
        @JsonProperty("steady") SteadyWindow steady,
        @JsonProperty("client_cpu") CpuSampler.CpuLoad clientCpu,
        @JsonProperty("warnings") List<String> warnings,
        @JsonProperty("connections_closed") Map<String, Long> connectionsClosed,
        @JsonProperty("proxy_connections") ProxyConnections proxyConnections,
        @JsonProperty("pool_after") PoolAfter poolAfter) {

    /** Start lag p99 above this, in milliseconds, means the client could not keep its schedule. */
    public static final double START_LAG_P99_LIMIT_MS = 10;

    /** The first seconds of a schedule, when a fresh JVM is still compiling its send path. */
    static final double COLD_SECONDS = 2;

    /** Said of every closed-loop run: its figures are a comparison, not a measurement of the proxy. */
    static final String CLOSED_LOOP_WARNING = "closed loop: each worker waited for its reply before sending again,"
            + " so latency counts from the send and a slow period shrinks the sample (coordinated omission);"
            + " compare with an open-loop run at the same rate before trusting these figures";

    /**
     * @param closedLoop whether the records come from the closed-loop comparison mode
     * @param cpu the client's CPU load during the run, or null when it was not sampled
     * @param proxyConnections the run's HTTP/2 proxy connections, null when HTTP/2 to the proxy was not asked for
     */
    public static RunSummary of(String schedule, boolean closedLoop, List<RequestRecord> records,
            ClientCounters.Counts client, int backlogPeak, CpuSampler.CpuLoad cpu, ProxyConnections proxyConnections,
            PoolAfter poolAfter) {
        List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
        Map<String, Percentiles> phases = Percentiles.perPhaseMillis(records);
        Map<String, Long> errors = new TreeMap<>();
        records.stream().map(RequestRecord::error).filter(Objects::nonNull)
                .forEach(e -> errors.merge(e, 1L, Long::sum));
        double maxLag = records.stream().mapToDouble(RequestRecord::startLag).max().orElse(0) * 1000;
        long bytes = ok.stream().mapToLong(RequestRecord::wireBytes).sum();
        Map<String, Long> outcomes = Outcome.tally(records.stream().map(RequestRecord::outcome));
        List<String> warnings = warnings(records, cpu);
        if (closedLoop) {
            warnings.add(0, CLOSED_LOOP_WARNING);
        }
        if (proxyConnections != null && proxyConnections.fallbackWarning() != null) {
            warnings.add(0, proxyConnections.fallbackWarning());
        }
        return new RunSummary(schedule, records.size(), ok.size(),
                ok.stream().map(RequestRecord::ip).filter(Objects::nonNull).distinct().count(),
                phases, errors, maxLag, backlogPeak, client.handshakesPer1000(), client.reuseRate(),
                ok.isEmpty() ? 0 : (double) bytes / ok.size(), FirstTries.of(records), outcomes, closedLoop,
                totals(ok, false), totals(ok, true), SteadyWindow.of(records).orElse(null), cpu, warnings,
                client.closedByReason(), proxyConnections, poolAfter);
    }

    /** What makes the figures the client's rather than the proxy's, in words a user can act on. */
    static List<String> warnings(List<RequestRecord> records, CpuSampler.CpuLoad cpu) {
        List<String> warnings = new ArrayList<>();
        double p99 = lagP99Millis(records, 0);
        if (p99 > START_LAG_P99_LIMIT_MS) {
            double warmP99 = lagP99Millis(records, COLD_SECONDS);
            warnings.add(warmP99 <= START_LAG_P99_LIMIT_MS
                    ? String.format(Locale.ROOT, "start lag p99 %.1f ms is above %.0f ms, but only in the first"
                            + " %.0f s (%.1f ms after them): the client's JVM was still warming up; add --warmup-for"
                            + " 5s", p99, START_LAG_P99_LIMIT_MS, COLD_SECONDS, warmP99)
                    : String.format(Locale.ROOT, "start lag p99 %.1f ms is above %.0f ms: this client could"
                            + " not keep the schedule; split the rate over more processes or machines", p99,
                            START_LAG_P99_LIMIT_MS));
        }
        if (cpu != null && cpu.saturated()) {
            warnings.add(String.format(Locale.ROOT, "client CPU was saturated (mean %.0f%% of all cores): phase"
                    + " times include the client's own queueing, the TCP phase most of all; use more cores or"
                    + " machines", cpu.mean() * 100));
        }
        return warnings;
    }

    /** Start lag p99 in milliseconds of the requests scheduled from {@code fromSeconds} on; NaN when there are none. */
    private static double lagP99Millis(List<RequestRecord> records, double fromSeconds) {
        double[] lags = records.stream().filter(r -> r.sched() >= fromSeconds).mapToDouble(RequestRecord::startLag)
                .toArray();
        return lags.length == 0 ? Double.NaN : Percentiles.of(lags).p99() * 1000;
    }

    private static Percentiles totals(List<RequestRecord> ok, boolean reused) {
        double[] totals = ok.stream().filter(r -> Boolean.valueOf(reused).equals(r.reused()) && r.total() != null)
                .mapToDouble(RequestRecord::total).toArray();
        return totals.length == 0 ? null : Percentiles.of(totals).toMillis();
    }



    /** The summary as lines of text, the first in the seed harness's words. */
    public String text() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%s: %d/%d ok, %d unique exit IPs%n", schedule, ok, scheduled,
                uniqueExitIps));
        for (Map.Entry<String, Percentiles> e : phasesMs.entrySet()) {
            s.append(e.getValue().line(e.getKey(), ok)).append('\n');
        }
        if (!errors.isEmpty()) {
            s.append("errors: ").append(errors).append('\n');
        }
        s.append(String.format(Locale.ROOT, "max start lag: %.1f ms, backlog peak %d%n", maxStartLagMs, backlogPeak));
        s.append(String.format(Locale.ROOT, "handshakes per 1,000 requests: %.1f, reuse rate %.1f%%, %.0f bytes per"
                + " successful request%n", handshakesPer1000, reuseRate * 100, bytesPerOk));
        if (!connectionsClosed.isEmpty()) {
            s.append("connections closed: ").append(connectionsClosed).append('\n');
        }
        if (proxyConnections != null) {
            s.append(proxyConnections.line()).append('\n');
        }
        if (!poolAfter.clean()) {
            s.append(poolAfter.line()).append('\n');
        }
        if (firstTries.retried() > 0) {
            s.append(String.format(Locale.ROOT, "first tries: %d/%d ok; %d requests retried on a new connection (%d"
                    + " retries), %d of them ok; first errors: %s%n", firstTries.ok(), scheduled, firstTries.retried(),
                    firstTries.retries(), firstTries.okAfterRetry(), firstTries.firstErrors()));
        }
        s.append("outcomes: ").append(Analysis.counts(outcomes)).append('\n');
        line(s, "new connection", newConnectionTotalMs);
        line(s, "reused connection", reusedConnectionTotalMs);
        warnings.forEach(w -> s.append("warning: ").append(w).append('\n'));
        if (steady != null) {
            s.append(steady.line()).append('\n');
        }
        return s.toString();
    }

    private static void line(StringBuilder s, String label, Percentiles p) {
        if (p != null) {
            s.append(String.format(Locale.ROOT, "%s: total p50=%.1f ms p99=%.1f ms (%d requests)%n", label, p.p50(),
                    p.p99(), p.count()));
        }
    }


}
