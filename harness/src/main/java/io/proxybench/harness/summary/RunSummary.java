package io.proxybench.harness.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.FailureReason;
import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.FirstTries;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.analysis.report.Text;
import io.proxybench.analysis.stats.LatencyView;
import io.proxybench.analysis.stats.OutcomeView;
import io.proxybench.analysis.stats.Reuse;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.stats.WireView;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.harness.engine.CpuSampler;
import io.proxybench.harness.engine.Records;
import io.proxybench.harness.engine.RunResult;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.records.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The end-of-run summary in the seed harness's shape: {@code rate R/s for Ds: ok/total ok, N unique exit IPs},
 * percentiles per phase (milliseconds), errors by label, the largest start lag, and the client's reuse figures,
 * with new-tunnel and reused-tunnel latency apart. Figures {@code analyze} also gives have the same names
 * ({@link FigureNames}) and, for the same records, the same values.
 *
 * @param schedule the schedule in words
 * @param records records written: every scheduled request has one
 * @param ok successful records (status 200)
 * @param successRate {@code ok / records}; null without records
 * @param uniqueExits distinct exit IPs of the successes
 * @param phasesMs p50/p90/p99 in milliseconds per phase, over successful requests
 * @param errors records with an error, by label
 * @param reasons the most frequent reasons proxies gave for failures, most first
 * @param maxStartLagMs the largest start lag, milliseconds
 * @param backlogPeak most requests waiting for an in-flight slot at once
 * @param handshakesPer1000 new connections per 1,000 requests, over the records that say whether theirs was new;
 *     null when none says
 * @param reuseRate share of those requests on a reused connection; null when none says
 * @param connectionsOpened connections the run's requests opened ({@link WireView#connectionsOpened()}), failed
 *     setups included
 * @param warmUpConnections connections the client opened before the schedule, in no figure
 * @param bytesPerSuccess wire bytes of the whole run (both ways, handshakes, failures and retries included) per
 *     successful request; null when no record carries bytes or nothing succeeded
 * @param bytesLowerBound whether some requests shared an HTTP/2 connection, so that {@code bytesPerSuccess} is a
 *     lower bound
 * @param firstTries first tries apart from retries: how many requests succeeded on their first send, and how the
 *     others' first sends failed
 * @param outcomes records per outcome (seed 002's five), as classified when recorded
 * @param closedLoop whether the run was the closed-loop comparison (no schedule; latency from the send)
 * @param newConnectionTotalMs total latency of successful requests that opened their connection
 * @param reusedConnectionTotalMs total latency of successful requests on a reused connection
 * @param steady the steady-state window; null when the run has none
 * @param clientCpu this process's CPU load during the run
 * @param warnings what makes the figures the client's rather than the proxy's, in words
 * @param notes what the figures mean beyond themselves, e.g. why a rotating gateway gave one exit
 * @param connectionsClosed connections the client closed, by reason ({@code idle_timeout}, {@code evicted},
 *     {@code client_close}, ...), from its counters: an idle connection's close has no record of its own
 * @param proxyConnections how tunnels reached the proxy when HTTP/2 to it was asked for; null when it was not
 * @param poolAfter the client's connections once the run was over and the client closed
 * @param stopped why and when the run was cut short; null when its schedule ran to the end
 * @param diagnosis what broke, when the first requests all failed in setup for one reason; null otherwise
 * @param thresholds the run's {@code --fail-if} thresholds held to it, in order; empty without any
 * @param warmUp the warm-up before the schedule, whose requests are in neither the records nor the figures; null
 *     when there was none
 */
public record RunSummary(
        @JsonProperty("schedule") String schedule,
        @JsonProperty(FigureNames.RECORDS) long records,
        @JsonProperty(FigureNames.OK) long ok,
        @JsonProperty(FigureNames.SUCCESS_RATE) Double successRate,
        @JsonProperty(FigureNames.UNIQUE_EXITS) long uniqueExits,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("errors") Map<String, Long> errors,
        @JsonProperty("reasons") List<FailureReason> reasons,
        @JsonProperty(FigureNames.MAX_START_LAG) double maxStartLagMs,
        @JsonProperty("backlog_peak") int backlogPeak,
        @JsonProperty(FigureNames.HANDSHAKES_PER_1K) Double handshakesPer1000,
        @JsonProperty(FigureNames.REUSE_RATE) Double reuseRate,
        @JsonProperty(FigureNames.CONNECTIONS_OPENED) long connectionsOpened,
        @JsonProperty("warm_up_connections") long warmUpConnections,
        @JsonProperty(FigureNames.BYTES_PER_SUCCESS) Double bytesPerSuccess,
        @JsonProperty("bytes_lower_bound") boolean bytesLowerBound,
        @JsonProperty("first_tries") FirstTries firstTries,
        @JsonProperty("outcomes") Map<String, Long> outcomes,
        @JsonProperty("closed_loop") boolean closedLoop,
        @JsonProperty("new_connection_total_ms") Percentiles newConnectionTotalMs,
        @JsonProperty("reused_connection_total_ms") Percentiles reusedConnectionTotalMs,
        @JsonProperty("steady") SteadyWindow steady,
        @JsonProperty("client_cpu") CpuSampler.CpuLoad clientCpu,
        @JsonProperty("warnings") List<String> warnings,
        @JsonProperty("notes") List<String> notes,
        @JsonProperty("connections_closed") Map<String, Long> connectionsClosed,
        @JsonProperty("proxy_connections") ProxyConnections proxyConnections,
        @JsonProperty("pool_after") PoolAfter poolAfter,
        @JsonProperty("stopped") Stopped stopped,
        @JsonProperty("diagnosis") Diagnosis diagnosis,
        @JsonProperty("thresholds") List<Verdict> thresholds,
        @JsonProperty("warm_up") WarmUpDone warmUp) {

    /**
     * Where a run was cut short.
     *
     * @param cause what stopped it, e.g. {@code SIGINT}
     * @param atSeconds seconds after the schedule started
     * @param aborted requests in flight then that had no reply within the grace ({@code total_Aborted})
     * @param bySetupFailure whether the stop was the diagnosis of a broken setup's, not a signal's or a threshold's
     */
    public record Stopped(@JsonProperty("cause") String cause, @JsonProperty("at_s") double atSeconds,
            @JsonProperty("aborted") long aborted, @JsonProperty("by_setup_failure") boolean bySetupFailure) {}

    /** Start lag p99 above this, in milliseconds, means the client could not keep its schedule. */
    public static final double START_LAG_P99_LIMIT_MS = 10;

    /** How many reasons for failures (the proxies' own, a certificate's) the summary shows. */
    public static final int REASONS_SHOWN = 5;

    /** Said of every closed-loop run: its figures are a comparison, not a measurement of the proxy. */
    static final String CLOSED_LOOP_WARNING = "closed loop: each worker waited for its reply before sending again,"
            + " so latency counts from the send and a slow period shrinks the sample (coordinated omission);"
            + " compare with an open-loop run at the same rate before trusting these figures";

    /** The summary of a run's result. */
    public static RunSummary of(RunResult result) {
        RunStatistics stats = result.statistics();
        ProxyConnections proxyConnections = result.proxyConnections();
        List<String> warnings = stats.records() == 0 ? new ArrayList<>()
                : warnings(stats, result.cpu(), result.warmUp());
        if (result.closedLoop()) {
            warnings.add(0, CLOSED_LOOP_WARNING);
        } else if (result.warmUp() == null && stats.records() > 0) {
            warnings.add(NO_WARM_UP_WARNING);
        }
        if (proxyConnections != null && proxyConnections.fallbackWarning() != null) {
            warnings.add(0, proxyConnections.fallbackWarning());
        }
        warnings.addAll(stats.bounds());
        List<String> notes = new ArrayList<>();
        String kept = keptTunnels(stats, result);
        if (kept != null) {
            notes.add(kept);
        }
        OutcomeView outcomes = stats.outcomes();
        WireView wire = stats.wire();
        LatencyView latency = stats.latency();
        if (wire.redirects() > 0) {
            notes.add(String.format(Locale.ROOT, "the requests followed %s; each has a record of its own (hop,"
                    + " location) before its request's, and its bytes and connection count in the figures above as"
                    + " a request on the wire", Text.count(wire.redirects(), "redirect")));
        }
        Stopped stopped = result.stop() == null ? null : new Stopped(result.stop().cause(), result.stoppedAtSeconds(),
                outcomes.errors().getOrDefault(Records.ABORTED, 0L),
                result.stop().exitCode() == RunPlan.SETUP_FAILED_EXIT_CODE);
        return new RunSummary(result.schedule(), stats.records(), stats.ok(), outcomes.successRate(),
                stats.exits().uniqueIps(), latency.phases(), outcomes.errors(), outcomes.reasons(REASONS_SHOWN),
                stats.timeline().maxStartLagMs(), result.counters().backlogPeak(), wire.handshakesPer1000(),
                wire.reuseRate(), wire.connectionsOpened(), result.warmUpConnections(), wire.bytesPerSuccess(),
                wire.bytesLowerBound(), outcomes.firstTries(), outcomes.counts(), result.closedLoop(),
                latency.of(Phase.TOTAL, Reuse.NEW), latency.of(Phase.TOTAL, Reuse.REUSED),
                stats.timeline().steady().orElse(null), result.cpu(), warnings, notes, result.client().closedByReason(),
                proxyConnections, result.poolAfter(), stopped, result.diagnosis(), result.thresholds(),
                result.warmUp());
    }

    /**
     * Says so when a run through a proxy without sessions went out through fewer exits than it had successes, its
     * requests mostly on reused tunnels: a gateway that rotates picks an exit per tunnel (seed 000: the pool, not the
     * proxy string, decides how often the exit changes); null otherwise, and when the target named no exit.
     */
    static String keptTunnels(RunStatistics stats, RunResult result) {
        Double reuse = stats.wire().reuseRate();
        int exits = stats.exits().uniqueIps();
        if (result.sessions() > 0 || !result.proxied() || reuse == null || reuse < 0.5 || exits == 0
                || exits >= stats.ok()) {
            return null;
        }
        return String.format(Locale.ROOT, "%s left through %s: without --sessions the client keeps its tunnels"
                + " open and reuses them (reuse rate %.1f%%), and a gateway that rotates picks an exit per tunnel, not"
                + " per request; for a new exit on every request give --rotation per-request (a tunnel each, at a"
                + " full handshake each)", Text.count(stats.ok(), "successful request"), Text.count(exits, "exit IP"),
                reuse * 100);
    }

    /** Said of an open loop that had no warm-up: its first seconds are the client's own cold start. */
    static final String NO_WARM_UP_WARNING = "no warm-up before the schedule: its first seconds include this"
            + " client's own cold start (class loading, the JIT), which shows as start lag and latency; leave out"
            + " --warmup for the default warm-up, or give one such as --warmup 5s";

    /** What makes the figures the client's rather than the proxy's, in words a user can act on. */
    static List<String> warnings(RunStatistics stats, CpuSampler.CpuLoad cpu, WarmUpDone warmUp) {
        List<String> warnings = new ArrayList<>();
        double p99 = stats.timeline().startLagP99Ms(false);
        if (p99 > START_LAG_P99_LIMIT_MS) {
            double warmP99 = stats.timeline().startLagP99Ms(true);
            warnings.add(warmP99 <= START_LAG_P99_LIMIT_MS
                    ? String.format(Locale.ROOT, "start lag p99 %.1f ms is above %.0f ms, but only in the first"
                            + " %.0f s (%.1f ms after them): the client's JVM was still warming up; %s", p99,
                            START_LAG_P99_LIMIT_MS, RunStatistics.COLD_SECONDS, warmP99, warmUp == null
                                    ? "leave out --warmup for the default warm-up"
                                    : "give a longer --warmup, e.g. 10s")
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

    /**
     * The summary as lines of text: a broken setup's diagnosis first, then the seed harness's first line and the
     * figures.
     */
    public String text() {
        StringBuilder s = new StringBuilder();
        boolean stoppedByIt = stopped != null && stopped.bySetupFailure();
        if (diagnosis != null) {
            s.append(stoppedByIt ? "stopped early: " : "every early request failed: ").append(diagnosis.text());
            if (stoppedByIt) {
                s.append(records == 0 ? "  the run stopped in its warm-up, before its schedule," : String.format(
                        Locale.ROOT, "  the run stopped at %.1f s of its schedule,", stopped.atSeconds()));
                s.append(String.format(Locale.ROOT, " instead of running it at 0%% success (exit code %d);"
                        + " --keep-going runs it anyway%n", RunPlan.SETUP_FAILED_EXIT_CODE));
            }
        }
        if (stopped != null && !stoppedByIt) {
            s.append(String.format(Locale.ROOT, "stopped by %s at %.1f s: the figures cover the part that ran (%s)%n",
                    stopped.cause(), stopped.atSeconds(), stopped.aborted() == 0
                            ? "every request in flight then finished within the grace"
                            : Text.count(stopped.aborted(), "request") + " in flight then had no reply within the"
                                    + " grace: " + Records.ABORTED));
        }
        if (records == 0) {
            s.append(schedule).append(": no request of the schedule was sent, so there are no figures\n");
            if (warmUp != null) {
                s.append(warmUp.line()).append('\n');
            }
            return s.toString();
        }
        s.append(String.format(Locale.ROOT, "%s: %,d/%,d ok, %s%n", schedule, ok, records,
                Text.count(uniqueExits, "unique exit IP", "unique exit IPs")));
        if (warmUp != null) {
            s.append(warmUp.line()).append('\n');
        }
        for (Map.Entry<String, Percentiles> e : phasesMs.entrySet()) {
            s.append(e.getValue().line(e.getKey(), ok)).append('\n');
        }
        if (!errors.isEmpty()) {
            s.append("errors: ").append(Text.counts(errors)).append('\n');
        }
        if (!reasons.isEmpty()) {
            s.append("why requests failed: ").append(String.join("; ", reasons.stream().map(FailureReason::line)
                    .toList())).append('\n');
        }
        s.append(String.format(Locale.ROOT, "max start lag: %.1f ms, backlog peak %,d%n", maxStartLagMs, backlogPeak));
        s.append(String.format(Locale.ROOT, "handshakes per 1,000 requests: %s, reuse rate %s, %s opened%s;"
                + " %s bytes per successful request%n",
                handshakesPer1000 == null ? "-" : String.format(Locale.ROOT, "%.1f", handshakesPer1000),
                reuseRate == null ? "-" : String.format(Locale.ROOT, "%.1f%%", reuseRate * 100),
                Text.count(connectionsOpened, "connection"), warmUpConnections == 0 ? ""
                        : String.format(Locale.ROOT, " (%,d more in the warm-up, in no figure)", warmUpConnections),
                bytesPerSuccess == null ? "-" : (bytesLowerBound ? ">= " : "") + Text.bytes(bytesPerSuccess)));
        if (!connectionsClosed.isEmpty()) {
            s.append("connections closed: ").append(Text.counts(connectionsClosed)).append('\n');
        }
        if (proxyConnections != null) {
            s.append(proxyConnections.line()).append('\n');
        }
        if (!poolAfter.clean()) {
            s.append(poolAfter.line()).append('\n');
        }
        if (firstTries.retried() > 0) {
            s.append(String.format(Locale.ROOT, "first tries: %,d/%,d ok; %s retried on a new connection (%s), %,d"
                    + " of them ok; first errors: %s%n", firstTries.okFirstTry(), records,
                    Text.count(firstTries.retried(), "request"), Text.count(firstTries.retries(), "retry", "retries"),
                    firstTries.okAfterRetry(), Text.counts(firstTries.firstErrors())));
        }
        s.append("outcomes: ").append(Text.counts(outcomes)).append('\n');
        line(s, "new connection", newConnectionTotalMs);
        line(s, "reused connection", reusedConnectionTotalMs);
        warnings.forEach(w -> s.append("warning: ").append(w).append('\n'));
        notes.forEach(n -> s.append("note: ").append(n).append('\n'));
        if (steady != null) {
            s.append(steady.line()).append('\n');
        }
        thresholds.forEach(v -> s.append(v.line()).append('\n'));
        return s.toString();
    }

    private static void line(StringBuilder s, String label, Percentiles p) {
        if (p != null) {
            s.append(String.format(Locale.ROOT, "%s: total p50=%.1f ms p99=%.1f ms (%s)%n", label, p.p50(),
                    p.p99(), Text.count(p.count(), "request")));
        }
    }
}
