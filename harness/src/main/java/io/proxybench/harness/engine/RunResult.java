package io.proxybench.harness.engine;

import io.proxybench.analysis.diagnosis.Diagnosis;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.threshold.Thresholds;
import io.proxybench.analysis.threshold.Verdict;
import io.proxybench.client.event.Counts;
import io.proxybench.client.event.GatewayStats;
import io.proxybench.harness.plan.RunPlan;
import io.proxybench.harness.summary.PoolAfter;
import io.proxybench.harness.summary.ProxyConnections;
import io.proxybench.harness.summary.RunSummary;
import io.proxybench.harness.summary.WarmUpDone;
import java.util.List;

/**
 * What a run measured: the statistics of its records, and what only the process saw (the runner's counters, the
 * client's own counters, its CPU, the pool once the run was over, and whether the run was cut short).
 *
 * @param schedule the schedule in words, as the summary's first line starts
 * @param closedLoop whether it was the closed-loop comparison
 * @param statistics every figure of the run's records
 * @param counters the runner's counters: scheduled, sent, backlog peak
 * @param client the client's counters over the run (warm-up excluded): connections opened and closed by reason
 * @param gatewaysBefore the client's HTTP/2 proxy connection counters when the run started
 * @param gatewaysAfter the same when it ended
 * @param poolAfter the client's connections once the run was over and the client closed
 * @param cpu this process's CPU load during the run
 * @param stop why the run ended early; null when its schedule ran to the end
 * @param stoppedAtSeconds when it was stopped, seconds after the schedule started (0 before it); NaN when not
 * @param thresholds the plan's thresholds held to the whole run, in order
 * @param warmUp the warm-up before the schedule, discarded; null when there was none
 * @param warmUpConnections connections the client opened before the schedule (the sessions' warm-up and
 *     {@code warmUp}'s), in no record and no figure
 * @param sessions the session keys requests rotated over; 0 without sessions
 * @param proxied whether the requests went through a proxy
 * @param keptGoing whether the plan asked to run on past a broken setup ({@code --keep-going})
 * @param diagnosis what broke, when the first requests to end (the warm-up's included) all failed in setup for one
 *     reason ({@link io.proxybench.analysis.diagnosis.EarlyFailures}); null otherwise
 */
public record RunResult(String schedule, boolean closedLoop, RunStatistics statistics, RunnerCounters counters,
        Counts client, GatewayStats gatewaysBefore, GatewayStats gatewaysAfter,
        PoolAfter poolAfter, CpuSampler.CpuLoad cpu, StopReason stop, double stoppedAtSeconds,
        List<Verdict> thresholds, WarmUpDone warmUp, long warmUpConnections, int sessions, boolean proxied,
        boolean keptGoing, Diagnosis diagnosis) {

    /**
     * The exit code a command reports for this run: the stop's (130 for SIGINT, 143 for SIGTERM, 99 for a threshold
     * that stopped it, {@link RunPlan#SETUP_FAILED_EXIT_CODE} for a diagnosed setup failure), else that code when a
     * run too short to be stopped had its setup diagnosed as broken (unless it kept going), else {@link Thresholds#FAILED_EXIT_CODE} when a threshold failed, else 0.
     */
    public int exitCode() {
        if (stop != null) {
            return stop.exitCode();
        }
        if (diagnosis != null && !keptGoing) {
            return RunPlan.SETUP_FAILED_EXIT_CODE;
        }
        return thresholds.stream().anyMatch(Verdict::failed) ? Thresholds.FAILED_EXIT_CODE : 0;
    }

    /** How tunnels reached the proxy when the client was asked for HTTP/2 to it; null when it opened none. */
    public ProxyConnections proxyConnections() {
        long asked = gatewaysAfter.gatewayConnections() - gatewaysBefore.gatewayConnections()
                + gatewaysAfter.fallbackTunnels() - gatewaysBefore.fallbackTunnels();
        return asked == 0 && statistics.wire().gatewayUse().isEmpty() ? null
                : ProxyConnections.of(gatewaysBefore, gatewaysAfter, statistics);
    }

    /** The end-of-run summary. */
    public RunSummary summary() {
        return RunSummary.of(this);
    }
}
