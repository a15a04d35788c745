package io.proxybench.analysis.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.analysis.asn.AsnStats;
import io.proxybench.analysis.stats.ExitView;
import io.proxybench.analysis.stats.LatencyView;
import io.proxybench.analysis.stats.OutcomeView;
import io.proxybench.analysis.stats.Reuse;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.stats.TimelineView;
import io.proxybench.analysis.stats.WireView;
import io.proxybench.records.Outcome;
import io.proxybench.records.Phase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The figures of one run that {@code proxybench compare} sets side by side: seed 002's measures for a provider
 * decision. Latency and exit figures are over the successes (status 200), as in {@code analyze}; a figure the records
 * cannot give is null.
 *
 * @param label the run's column name
 * @param sources the files or folders the records came from
 * @param windows windows the run was recorded in (1 for a records file)
 * @param records all records
 * @param accepted records whose outcome is data: the accepted records that cost is counted per
 * @param scheduledPerSecond requests scheduled per second, pooled over windows (records minus one per window over the
 *     sum of the windows' first-to-last scheduled spans); null when no window spans any time
 * @param steadyOkPerSecond median successes per second over the steady windows' seconds, pooled (the seed's rule per
 *     window); null when no window has a steady window
 * @param steadyInFlight mean requests in flight (scheduled and not done) over those seconds: the concurrency the
 *     throughput was reached at; null with {@code steadyOkPerSecond}
 * @param p99Ms p99 of {@code total} over all successes, milliseconds; null without one
 * @param p99NewTunnelMs p99 of {@code total} over the successes that opened their tunnel, milliseconds
 * @param p99ReusedTunnelMs p99 of {@code total} over the successes on an already open tunnel, milliseconds
 * @param okAfterOneRetry successes on the first try or on the one retry after it ({@code attempt} at most 2)
 * @param okAfterMoreRetries successes on a later try than that (after two retries or more)
 * @param retried records that were retried at least once
 * @param failuresByPhase records that did not succeed, by the phase of their error ({@code connect} of
 *     {@code connect_407}); answered with a status other than 200 as {@code status}
 * @param uniqueIps distinct exit IPs of the successes
 * @param uniqueSubnets distinct IPv4 /24 subnets among them
 * @param uniqueAsns distinct ASes among them; null without an AS table
 * @param largestAsnShare share (0..1) of those exit IPs in the largest AS; null without an AS table
 * @param country the country asked for (ISO code as the target reports it); null when none was given
 * @param ipsInCountry distinct exit IPs of the successes that the target placed in {@code country}
 * @param stickySessions sticky sessions (per window) with at least two successes that reported an exit IP
 * @param stickyKept those of them whose successes all left through one exit IP
 * @param http2ToProxy whether tunnels rode HTTP/2 connections to the proxy; null when the records do not say
 * @param tunnelsPerProxyConnection tunnels per HTTP/2 connection to the proxy; null when none was used
 * @param answered records the target answered (all but proxy failures): the block rates' denominator
 * @param hardBlocks answered records the target refused outright
 * @param softBlocks answered records without the data
 * @param bytesPerOk wire bytes of the whole run (failures and retries included) per success; null when no record
 *     carries bytes or nothing succeeded
 * @param wireBytes wire bytes of every record that carries them, failures and blocks included; null when none does
 * @param bytesLowerBound whether the bytes are a lower bound: some requests shared an HTTP/2 connection (to the
 *     target, or to the proxy), and such a request is charged its own payload only, not the shared connection's
 *     frames, headers, TLS records or handshake
 * @param uncheckedBodies answered records that {@code expect} could not be checked on, for want of a kept body;
 *     they keep the outcome {@code run} gave them
 * @param pricePerGb the price of 10^9 wire bytes, in the user's currency; null when none was given
 * @param costPer1000Accepted {@code pricePerGb × wireBytes / 10^9} per 1,000 accepted records; null without a price,
 *     bytes or an accepted record
 * @param ok successful records (status 200)
 * @param successRate {@code ok / records}; null without records
 * @param outcomes records per outcome, all five in order ({@code accepted}, {@code hardBlocks} and
 *     {@code softBlocks} among them, which the JSON gives here only)
 * @param phasesMs p50/p90/p99 per phase over the successes, milliseconds ({@code p99Ms} is the total's p99, given in
 *     the JSON here only)
 * @param newConnectionTotalMs total latency of the successes that opened their connection
 * @param reusedConnectionTotalMs total latency of the successes on a reused connection
 * @param handshakesPer1000 new connections per 1,000 requests, over the records that say; null when none says
 * @param reuseRate share of those requests on a reused connection; null when none says
 * @param connectionsOpened connections the records' requests opened, failed setups included
 */
public record ColumnFigures(
        @JsonProperty("label") String label,
        @JsonProperty("sources") List<String> sources,
        @JsonProperty("windows") int windows,
        @JsonProperty("records") long records,
        @JsonIgnore long accepted,
        @JsonProperty("scheduled_per_s") Double scheduledPerSecond,
        @JsonProperty(FigureNames.STEADY_RPS) Double steadyOkPerSecond,
        @JsonProperty("steady_in_flight") Double steadyInFlight,
        @JsonIgnore Double p99Ms,
        @JsonIgnore Double p99NewTunnelMs,
        @JsonIgnore Double p99ReusedTunnelMs,
        @JsonProperty("ok_after_one_retry") long okAfterOneRetry,
        @JsonProperty("ok_after_more_retries") long okAfterMoreRetries,
        @JsonProperty(FigureNames.RETRIED) long retried,
        @JsonProperty("failures_by_phase") Map<String, Long> failuresByPhase,
        @JsonProperty(FigureNames.UNIQUE_EXITS) int uniqueIps,
        @JsonProperty(FigureNames.UNIQUE_SUBNETS) int uniqueSubnets,
        @JsonProperty("unique_asns") Integer uniqueAsns,
        @JsonProperty("largest_asn_share") Double largestAsnShare,
        @JsonProperty("country") String country,
        @JsonProperty("ips_in_country") Integer ipsInCountry,
        @JsonProperty("sticky_sessions") int stickySessions,
        @JsonProperty("sticky_kept") int stickyKept,
        @JsonProperty("http2_to_proxy") Boolean http2ToProxy,
        @JsonProperty("tunnels_per_gateway_connection") Double tunnelsPerProxyConnection,
        @JsonProperty("answered") long answered,
        @JsonIgnore long hardBlocks,
        @JsonIgnore long softBlocks,
        @JsonProperty(FigureNames.BYTES_PER_SUCCESS) Double bytesPerOk,
        @JsonProperty("wire_bytes") Long wireBytes,
        @JsonProperty("bytes_lower_bound") boolean bytesLowerBound,
        @JsonProperty("unchecked_bodies") long uncheckedBodies,
        @JsonProperty("price_per_gb") Double pricePerGb,
        @JsonProperty("cost_per_1000_accepted") Double costPer1000Accepted,
        @JsonProperty(FigureNames.OK) long ok,
        @JsonProperty(FigureNames.SUCCESS_RATE) Double successRate,
        @JsonProperty("outcomes") Map<String, Long> outcomes,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("new_connection_total_ms") Percentiles newConnectionTotalMs,
        @JsonProperty("reused_connection_total_ms") Percentiles reusedConnectionTotalMs,
        @JsonProperty(FigureNames.HANDSHAKES_PER_1K) Double handshakesPer1000,
        @JsonProperty(FigureNames.REUSE_RATE) Double reuseRate,
        @JsonProperty(FigureNames.CONNECTIONS_OPENED) long connectionsOpened) {

    /** Wire bytes per gigabyte as providers bill them: decimal. */
    public static final double BYTES_PER_GB = 1e9;

    /**
     * The figures of {@code run}: totals over all its windows; the time-based ones (scheduled rate, steady throughput
     * and in flight) per window, then pooled; sessions per window (a session id in two windows is two sessions).
     *
     * @param asns places exit IPs in ASes; null for no AS figures
     * @param country ISO country code to count exit IPs in; null for none
     * @param pricePerGb price per 10^9 wire bytes; null for no cost
     */
    public static ColumnFigures of(ComparedRun run, AsnLookup asns, String country, Double pricePerGb) {
        RunStatistics all = new RunStatistics();
        List<long[]> steadySeconds = new ArrayList<>();
        double inFlightSeconds = 0;
        long scheduledGaps = 0;
        double scheduledSpan = 0;
        long judged = 0;
        long kept = 0;
        for (RunStatistics window : run.windows()) {
            all.add(window);
            TimelineView timeline = window.timeline();
            long[] steady = timeline.steadySeconds();
            if (steady.length > 0) {
                steadySeconds.add(steady);
                inFlightSeconds += timeline.steadyInFlightSeconds();
            }
            if (timeline.scheduledPerSecond() != null) {
                scheduledGaps += window.records() - 1;
                scheduledSpan += timeline.lastSched() - timeline.firstSched();
            }
            judged += window.exits().judgedSessions();
            kept += window.exits().stickySessionsKept();
        }
        long[] pooled = steadySeconds.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        Double steadyOk = pooled.length == 0 ? null : SteadyWindow.median(pooled);
        Double inFlight = pooled.length == 0 ? null : inFlightSeconds / pooled.length;
        OutcomeView outcomes = all.outcomes();
        WireView wire = all.wire();
        LatencyView latency = all.latency();
        ExitView exits = all.exits();
        AsnStats asnStats = asns == null ? null : AsnStats.of(exits.ips(), asns);
        Optional<GatewayUse> gateway = wire.gatewayUse();
        Long wireBytes = wire.bytes();
        long accepted = outcomes.accepted();
        Double cost = pricePerGb == null || wireBytes == null || accepted == 0 ? null
                : pricePerGb * wireBytes / BYTES_PER_GB / accepted * 1000;
        return new ColumnFigures(run.label(), run.sources(), run.windows().size(), all.records(), accepted,
                scheduledGaps == 0 ? null : scheduledGaps / scheduledSpan, steadyOk, inFlight,
                p99(latency.of(Phase.TOTAL)), p99(latency.of(Phase.TOTAL, Reuse.NEW)),
                p99(latency.of(Phase.TOTAL, Reuse.REUSED)), outcomes.okAfterOneRetry(), outcomes.okAfterMoreRetries(),
                outcomes.firstTries().retried(), outcomes.failuresByPhase(), exits.uniqueIps(), exits.uniqueSubnets(),
                asnStats == null ? null : asnStats.uniqueAsns(), asnStats == null ? null : asnStats.largestAsnShare(),
                country, country == null ? null : exits.ipsIn(country), (int) judged, (int) kept,
                wire.http2ToProxy(), gateway.map(GatewayUse::tunnelsPerGatewayConnection).orElse(null),
                outcomes.answered(), outcomes.count(Outcome.HARD_BLOCK), outcomes.count(Outcome.SOFT_BLOCK),
                wire.bytesPerSuccess(), wireBytes, wire.bytesLowerBound(), run.uncheckedBodies(), pricePerGb, cost,
                all.ok(), outcomes.successRate(), outcomes.counts(), latency.phases(),
                latency.of(Phase.TOTAL, Reuse.NEW), latency.of(Phase.TOTAL, Reuse.REUSED), wire.handshakesPer1000(),
                wire.reuseRate(), wire.connectionsOpened());
    }

    private static Double p99(Percentiles p) {
        return p == null ? null : p.p99();
    }
}
