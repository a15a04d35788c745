package io.proxybench.analysis.report;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.asn.AsnCount;
import io.proxybench.analysis.asn.AsnLookup;
import io.proxybench.analysis.asn.AsnStats;
import io.proxybench.analysis.BlockClassifier;
import io.proxybench.analysis.BlockRates;
import io.proxybench.analysis.ExitStats;
import io.proxybench.analysis.FirstTries;
import io.proxybench.analysis.Expect;
import io.proxybench.analysis.GatewayUse;
import io.proxybench.analysis.Outcomes;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.SteadyWindow;
import io.proxybench.records.Outcome;
import io.proxybench.records.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What {@code proxybench analyze} reports about a run's records (one file or merged shards). Percentiles and
 * exit figures are over the successes (status 200), as in the seed's scripts.
 *
 * @param records all records
 * @param ok successful records (status 200)
 * @param steady the steady-state window (seed's rule); null when the run has none
 * @param phasesMs p50/p90/p99 in milliseconds per phase, over successes, in phase order
 * @param failuresPerPhase records with an error, by the error label's phase ({@code tls} of {@code tls_Timeout...})
 * @param failures records with an error, by label
 * @param exits exit IPs, /24 subnets and countries of the successes
 * @param asns AS spread of the successes' exit IPs; null without an ip2asn table or ASN database
 * @param bytesPerOk wire bytes ({@code bytes_out + bytes_in}) per success, over the successes that carry them;
 *     null when none does (e.g. the seed harness's files)
 * @param firstTries first tries apart from retries
 * @param outcomes records per outcome, all five in order, as {@link Outcomes} decides them
 * @param medianBodyBytes median body length of the successes, bytes: the reference of the small-body rule; null
 *     when the records carry no {@code body_len}
 * @param windowSeconds length of the block-rate windows
 * @param blockWindows block figures per window, in time order; windows without a record are absent
 * @param blockExits block figures per exit IP, highest block rate first (then most requests, then IP text)
 * @param gatewayUse how tunnels shared HTTP/2 connections to the proxy; null when no record names one
 * @param notes caveats about the figures, e.g. an option the records cannot honour
 */
public record Analysis(
        @JsonProperty("records") long records,
        @JsonProperty("ok") long ok,
        @JsonProperty("steady") SteadyWindow steady,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("failures_per_phase") Map<String, Long> failuresPerPhase,
        @JsonProperty("failures") Map<String, Long> failures,
        @JsonProperty("exits") ExitStats exits,
        @JsonProperty("asns") AsnStats asns,
        @JsonProperty("bytes_per_ok") Double bytesPerOk,
        @JsonProperty("first_tries") FirstTries firstTries,
        @JsonProperty("outcomes") Map<String, Long> outcomes,
        @JsonProperty("median_body_bytes") Double medianBodyBytes,
        @JsonProperty("window_seconds") long windowSeconds,
        @JsonProperty("block_windows") List<BlockWindow> blockWindows,
        @JsonProperty("block_exits") List<BlockExit> blockExits,
        @JsonProperty("gateway_use") GatewayUse gatewayUse,
        @JsonProperty("notes") List<String> notes) {

    private static final int TOP = 5;

    /**
     * Analyses {@code records}.
     *
     * @param windowSeconds length of the block-rate windows, seconds
     * @param asns places exit IPs in ASes (an ip2asn table or a MaxMind database); null for no AS figures
     * @param expect what a 2xx body must hold to be data, checked on the records that kept their body; null for none
     * @throws IllegalArgumentException if {@code windowSeconds} is not positive, or a record has no outcome,
     *     status or error
     */
    public static Analysis of(List<RequestRecord> records, long windowSeconds, AsnLookup asns, Expect expect) {
        Outcomes classified = Outcomes.of(records, expect);
        BlockRates rates = BlockRates.of(classified, windowSeconds);
        List<RequestRecord> ok = records.stream().filter(RequestRecord::ok).toList();
        Map<String, Percentiles> phases = Percentiles.perPhaseMillis(records);
        Map<String, Long> perPhase = new TreeMap<>();
        Map<String, Long> perLabel = new TreeMap<>();
        for (RequestRecord r : records) {
            if (r.error() != null) {
                perPhase.merge(BlockClassifier.phaseOf(r.error()), 1L, Long::sum);
                perLabel.merge(r.error(), 1L, Long::sum);
            }
        }
        Map<String, Long> outcomes = Outcome.tally(classified.records().stream().map(RequestRecord::outcome));
        List<RequestRecord> withBytes = ok.stream().filter(r -> r.bytesOut() != null || r.bytesIn() != null).toList();
        Double bytesPerOk = withBytes.isEmpty() ? null
                : withBytes.stream().mapToLong(RequestRecord::wireBytes).sum() / (double) withBytes.size();
        List<BlockWindow> windows = rates.perWindow().entrySet().stream()
                .map(e -> BlockWindow.of(e.getKey(), e.getValue())).toList();
        List<BlockExit> exits = rates.perIp().entrySet().stream().map(e -> BlockExit.of(e.getKey(), e.getValue()))
                .sorted(BlockExit.WORST_FIRST).toList();
        List<String> notes = new ArrayList<>();
        if (classified.withoutBody() > 0) {
            notes.add(classified.withoutBody() + " answered records carry no body, so --expect could not be checked"
                    + " on them (run with --keep-body, or give --expect to run); they keep the outcome run gave them");
        }
        return new Analysis(records.size(), ok.size(), SteadyWindow.of(records).orElse(null), phases, perPhase,
                perLabel, ExitStats.of(records), asns == null ? null : AsnStats.of(records, asns), bytesPerOk,
                FirstTries.of(records), outcomes, classified.medianBodyBytes(), windowSeconds, windows,
                exits, GatewayUse.of(records).orElse(null), notes);
    }

    /** The analysis as one JSON object, snake_case names throughout. */
    public String json() {
        return ReportJson.write(this);
    }

    /** The analysis as lines of text. */
    public String text() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%d records, %d ok", records, ok));
        lines.add(steady == null ? "steady window: none (no second between ramp-up and the 90% mark)"
                : steady.line());
        phasesMs.forEach((phase, p) -> lines.add(p.line(phase, ok)));
        if (!failures.isEmpty()) {
            lines.add("failures by phase: " + counts(failuresPerPhase));
            lines.add("failures by label: " + counts(failures));
        }
        lines.add(String.format(Locale.ROOT, "exits: %d unique IPs, %d unique /24 subnets", exits.uniqueIps(),
                exits.uniqueSubnets()));
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
        if (bytesPerOk != null) {
            lines.add(String.format(Locale.ROOT, "bytes per successful request: %.0f", bytesPerOk));
        }
        if (firstTries.retried() > 0) {
            lines.add(String.format(Locale.ROOT, "first tries: %d/%d ok; %d retried (%d retries), %d of them ok",
                    firstTries.ok(), records, firstTries.retried(), firstTries.retries(), firstTries.okAfterRetry()));
        }
        lines.add("outcomes: " + counts(outcomes)
                + (medianBodyBytes == null ? "" : String.format(Locale.ROOT, " (median body %.0f bytes)",
                        medianBodyBytes)));
        List<BlockExit> blocked = blockExits.stream().filter(e -> e.blockRate() > 0).toList();
        if (!blockExits.isEmpty()) {
            lines.add(String.format(Locale.ROOT, "exits with blocks: %d of %d%s", blocked.size(), blockExits.size(),
                    blocked.isEmpty() ? "" : "; highest block rates: " + top(blocked.stream()
                            .map(e -> String.format(Locale.ROOT, "%s %.1f%% (%d of %d)", e.ip(), e.blockRate() * 100,
                                    e.hardBlocks() + e.softBlocks(), e.requests() - e.proxyFailures()))
                            .toList())));
        }
        for (BlockWindow w : blockWindows) {
            lines.add(String.format(Locale.ROOT,
                    "block rate %d-%d s: %.1f%% (%d hard, %d soft of %d answered; %d proxy failures)",
                    w.startSecond(), w.startSecond() + windowSeconds, w.blockRate() * 100, w.hardBlocks(),
                    w.softBlocks(), w.requests() - w.proxyFailures(), w.proxyFailures()));
        }
        notes.forEach(n -> lines.add("note: " + n));
        return lines.stream().map(l -> l + "\n").collect(Collectors.joining());
    }

    private String asnLine() {
        String line = String.format(Locale.ROOT, "ASNs: %d unique, largest holds %.1f%% of exit IPs", asns.uniqueAsns(),
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

    public static String counts(Map<String, Long> counts) {
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }




}
