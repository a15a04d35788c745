package io.proxybench.analysis.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.asn.AsnCount;
import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.analysis.asn.AsnStats;
import io.proxybench.analysis.FailureReason;
import io.proxybench.analysis.FigureNames;
import io.proxybench.analysis.FirstTries;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.analysis.read.HistorySpan;
import io.proxybench.analysis.stats.OutcomeView;
import io.proxybench.analysis.stats.RunStatistics;
import io.proxybench.analysis.stats.WireView;
import io.proxybench.analysis.threshold.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.stream.Collectors;

/**
 * What {@code proxybench analyze} reports about a run's records (one file or merged shards): a view of its
 * {@link RunStatistics}. Percentiles and exit figures are over the successes (status 200), as in the seed's scripts.
 *
 * @param records all records
 * @param ok successful records (status 200)
 * @param steady the steady-state window (seed's rule); null when the run has none
 * @param phasesMs p50/p90/p99 in milliseconds per phase, over successes, in phase order
 * @param successRate {@code ok / records}; null without records
 * @param failuresByPhase records that did not succeed, by their error's phase ({@code tls} of
 *     {@code tls_Timeout...}), or {@code status} when the target answered other than 200
 * @param errors records with an error, by label
 * @param reasons the most frequent reasons proxies gave for failures, most first
 * @param exits exit IPs, /24 subnets and countries of the successes
 * @param asns AS spread of the successes' exit IPs; null without an ip2asn table or ASN database
 * @param handshakesPer1000 new connections per 1,000 requests, over the records that say whether theirs was new;
 *     null when none says (e.g. the seed harness's files)
 * @param reuseRate share of those requests on a reused connection; null when none says
 * @param connectionsOpened connections the records' requests opened, failed setups included
 * @param bytesPerSuccess wire bytes of the whole run, failures and retries included, per success; null when no
 *     record carries bytes (e.g. the seed harness's files) or nothing succeeded
 * @param bytesLowerBound whether some requests shared an HTTP/2 connection, so that their bytes are their own
 *     payload only and {@code bytesPerSuccess} is a lower bound
 * @param firstTries first tries apart from retries
 * @param outcomes records per outcome, all five in order (see {@code RecordClassifier})
 * @param medianBodyBytes median body length of the successes, bytes; null when the records carry no
 *     {@code body_len}
 * @param windowSeconds length of the block-rate windows
 * @param blockWindows block figures per window, in time order; windows without a record are absent
 * @param blockExits block figures per exit IP, highest block rate first (then most requests, then IP text)
 * @param gatewayUse how tunnels shared HTTP/2 connections to the proxy; null when no record names one
 * @param notes caveats about the figures, e.g. an option the records cannot honour
 * @param thresholds the {@code --fail-if} thresholds held to the run, in order; empty without any
 * @param history the window of a watch's history the records are, named in the heading; null (and left out of the
 *     JSON) for records files
 */
public record Analysis(
        @JsonProperty(FigureNames.RECORDS) long records,
        @JsonProperty(FigureNames.OK) long ok,
        @JsonProperty(FigureNames.SUCCESS_RATE) Double successRate,
        @JsonProperty("steady") SteadyWindow steady,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("failures_by_phase") Map<String, Long> failuresByPhase,
        @JsonProperty("errors") Map<String, Long> errors,
        @JsonProperty("reasons") List<FailureReason> reasons,
        @JsonProperty("exits") ExitFigures exits,
        @JsonProperty("asns") AsnStats asns,
        @JsonProperty(FigureNames.HANDSHAKES_PER_1K) Double handshakesPer1000,
        @JsonProperty(FigureNames.REUSE_RATE) Double reuseRate,
        @JsonProperty(FigureNames.CONNECTIONS_OPENED) long connectionsOpened,
        @JsonProperty(FigureNames.BYTES_PER_SUCCESS) Double bytesPerSuccess,
        @JsonProperty("bytes_lower_bound") boolean bytesLowerBound,
        @JsonProperty("first_tries") FirstTries firstTries,
        @JsonProperty("outcomes") Map<String, Long> outcomes,
        @JsonProperty("median_body_bytes") Double medianBodyBytes,
        @JsonProperty("window_seconds") long windowSeconds,
        @JsonProperty("block_windows") List<BlockWindow> blockWindows,
        @JsonProperty("block_exits") List<BlockExit> blockExits,
        @JsonProperty("gateway_use") GatewayUse gatewayUse,
        @JsonProperty("notes") List<String> notes,
        @JsonProperty("thresholds") List<Verdict> thresholds,
        @JsonProperty("history") @JsonInclude(JsonInclude.Include.NON_NULL) HistorySpan history) {

    private static final int TOP = 5;

    /** How many reasons for failures (the proxies' own, a certificate's) an analysis lists. */
    public static final int REASONS_SHOWN = 10;

    /**
     * The analysis of a run's statistics.
     *
     * @param windowSeconds length of the block-rate windows, seconds
     * @param asns places exit IPs in ASes (an ip2asn table or a MaxMind database); null for no AS figures
     * @param uncheckedBodies answered records an expectation could not be checked on, for want of a kept body
     * @param readNotes what reading the records left out, e.g. a file's cut last line
     * @throws IllegalArgumentException if {@code windowSeconds} is not positive
     */
    public static Analysis of(RunStatistics stats, long windowSeconds, AsnLookup asns, long uncheckedBodies,
            List<String> readNotes) {
        OutcomeView outcomes = stats.outcomes();
        WireView wire = stats.wire();
        List<BlockWindow> windows = stats.timeline().blockWindows(windowSeconds).entrySet().stream()
                .map(e -> BlockWindow.of(e.getKey(), e.getValue())).toList();
        List<BlockExit> exits = stats.exits().blocks().entrySet().stream()
                .map(e -> BlockExit.of(e.getKey(), e.getValue())).sorted(BlockExit.WORST_FIRST).toList();
        SortedMap<String, Long> failures = outcomes.failuresByPhase();
        List<String> notes = new ArrayList<>(readNotes);
        if (uncheckedBodies > 0) {
            notes.add(uncheckedBodies + " answered records carry no body, so --expect could not be checked on them"
                    + " (run with --keep-body, or give --expect to run); they keep the outcome run gave them");
        }
        notes.addAll(stats.bounds());
        return new Analysis(stats.records(), stats.ok(), outcomes.successRate(), stats.timeline().steady().orElse(null),
                stats.latency().phases(), failures, outcomes.errors(), outcomes.reasons(REASONS_SHOWN),
                ExitFigures.of(stats), asns == null ? null : AsnStats.of(stats.exits().ips(), asns),
                wire.handshakesPer1000(), wire.reuseRate(), wire.connectionsOpened(), wire.bytesPerSuccess(),
                wire.bytesLowerBound(), outcomes.firstTries(), outcomes.counts(), outcomes.medianBodyBytes(),
                windowSeconds, windows, exits, wire.gatewayUse().orElse(null), notes, List.of(), null);
    }

    /** This analysis with the verdicts of its thresholds. */
    public Analysis withThresholds(List<Verdict> verdicts) {
        return new Analysis(records, ok, successRate, steady, phasesMs, failuresByPhase, errors, reasons,
                exits, asns, handshakesPer1000, reuseRate, connectionsOpened, bytesPerSuccess, bytesLowerBound,
                firstTries, outcomes, medianBodyBytes, windowSeconds, blockWindows, blockExits, gatewayUse, notes,
                List.copyOf(verdicts), history);
    }

    /** This analysis of the window {@code span} of a watch's history. */
    public Analysis withHistory(HistorySpan span) {
        return new Analysis(records, ok, successRate, steady, phasesMs, failuresByPhase, errors, reasons,
                exits, asns, handshakesPer1000, reuseRate, connectionsOpened, bytesPerSuccess, bytesLowerBound,
                firstTries, outcomes, medianBodyBytes, windowSeconds, blockWindows, blockExits, gatewayUse, notes,
                thresholds, span);
    }

    /** The analysis as one JSON object, snake_case names throughout. */
    public String json() {
        return ReportJson.write(this);
    }

    /** The analysis as lines of text, under the window's heading for a watch's history. */
    public String text() {
        List<String> lines = new ArrayList<>();
        if (history != null) {
            lines.add(history.heading());
        }
        lines.add(String.format(Locale.ROOT, "%s, %,d ok", Text.count(records, "record"), ok));
        lines.add(steady == null ? "steady window: none (no second between ramp-up and the 90% mark)"
                : steady.line());
        phasesMs.forEach((phase, p) -> lines.add(p.line(phase, ok)));
        if (!failuresByPhase.isEmpty()) {
            lines.add("failures by phase: " + Text.counts(failuresByPhase));
        }
        if (!errors.isEmpty()) {
            lines.add("errors: " + Text.counts(errors));
        }
        if (!reasons.isEmpty()) {
            lines.add("why requests failed: " + String.join("; ", reasons.stream().map(FailureReason::line).toList()));
        }
        lines.add(String.format(Locale.ROOT, "exits: %s, %s", Text.count(exits.uniqueExits(), "unique IP"),
                Text.count(exits.uniqueSubnets(), "unique /24 subnet")));
        if (!exits.perCountry().isEmpty()) {
            lines.add("successes per exit country: " + top(exits.perCountry().stream()
                    .map(t -> t.key() + " " + t.count()).toList()));
        }
        if (asns != null) {
            lines.add(asnLine());
        }
        if (gatewayUse != null) {
            lines.add(gatewayUse.line());
        }
        lines.add(handshakesPer1000 == null
                ? "handshakes per 1,000 requests: - (no record says whether its connection was new or reused)"
                : String.format(Locale.ROOT, "handshakes per 1,000 requests: %.1f, reuse rate %.1f%%, %s opened",
                        handshakesPer1000, reuseRate * 100, Text.count(connectionsOpened, "connection")));
        if (bytesPerSuccess != null) {
            lines.add("bytes per successful request: " + (bytesLowerBound ? ">= " : "") + Text.bytes(bytesPerSuccess));
        }
        if (firstTries.retried() > 0) {
            lines.add(String.format(Locale.ROOT, "first tries: %,d/%,d ok; %,d retried (%s), %,d of them ok",
                    firstTries.okFirstTry(), records, firstTries.retried(),
                    Text.count(firstTries.retries(), "retry", "retries"), firstTries.okAfterRetry()));
        }
        lines.add("outcomes: " + Text.counts(outcomes)
                + (medianBodyBytes == null ? "" : " (median body " + Text.bytes(medianBodyBytes) + " bytes)"));
        List<BlockExit> blocked = blockExits.stream().filter(e -> e.blockRate() > 0).toList();
        if (!blockExits.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "exits with blocks: %,d of %,d%s", blocked.size(), blockExits.size(),
                    blocked.isEmpty() ? "" : "; highest block rates: " + top(blocked.stream()
                            .map(e -> String.format(Locale.ROOT, "%s %.1f%% (%,d of %,d)", e.ip(), e.blockRate() * 100,
                                    e.hardBlocks() + e.softBlocks(), e.requests() - e.proxyFailures()))
                            .toList())));
        }
        for (BlockWindow w : blockWindows) {
            lines.add(String.format(Locale.ROOT,
                    "block rate %d-%d s: %.1f%% (%,d hard, %,d soft of %,d answered; %s)",
                    w.startSecond(), w.startSecond() + windowSeconds, w.blockRate() * 100, w.hardBlocks(),
                    w.softBlocks(), w.requests() - w.proxyFailures(), Text.count(w.proxyFailures(), "proxy failure")));
        }
        notes.forEach(n -> lines.add("note: " + n));
        thresholds.forEach(v -> lines.add(v.line()));
        return lines.stream().map(l -> l + "\n").collect(Collectors.joining());
    }

    private String asnLine() {
        String line = String.format(Locale.ROOT, "ASNs: %,d unique, largest holds %.1f%% of exit IPs", asns.uniqueAsns(),
                asns.largestAsnShare() * 100);
        if (!asns.ipsPerAsn().isEmpty()) {
            line += "; exit IPs per AS: " + top(asns.ipsPerAsn().stream().map(Analysis::asn).toList());
        }
        return asns.unknownIps() == 0 ? line : line + "; " + asns.unknownIps() + " not in the table";
    }

    private static String asn(AsnCount a) {
        return "AS" + a.asn() + " " + a.description() + " " + a.exitIps();
    }

    /** The first {@value #TOP} items, then how many more there are. */
    private static String top(List<String> items) {
        String shown = String.join(", ", items.subList(0, Math.min(TOP, items.size())));
        return items.size() <= TOP ? shown : shown + ", " + (items.size() - TOP) + " more";
    }

}
