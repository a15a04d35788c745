package io.proxybench.experiments.ramp;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.Percentiles;
import io.proxybench.analysis.stats.RecordClassifier;
import io.proxybench.records.RequestRecord;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One step of a ramp: its workers, each keeping its tunnel open, sending one request after the other for the step's
 * time, and what came back. Every request is a success or exactly one of the three failure kinds
 * ({@link FailureSide}), so {@code ok + gatewayRefusals + targetBlocks + otherFailures == requests}.
 *
 * @param concurrency workers, and so tunnels open at once when the gateway lets them all in
 * @param seconds from the step's start to its last answer, seconds
 * @param requests requests answered or failed in the step
 * @param ok successes: status 200 with data
 * @param requestsPerSecond {@code requests / seconds}
 * @param p50Ms median latency of the successes, milliseconds; null without one
 * @param p99Ms 99th percentile latency of the successes, milliseconds; null without one
 * @param gatewayRefusals requests the proxy gateway refused (CONNECT status, SOCKS5 refusal, TCP refused or reset)
 * @param targetBlocks requests the target blocked (hard or soft block)
 * @param otherFailures every other failure (timeouts, TLS errors, other target errors)
 * @param errorShare failed requests of all, 0 to 1
 * @param failures failed requests per side ({@code gateway}, {@code target}, {@code other}) and label (the error
 *     label, or outcome and status such as {@code hard_block_429}); sides without failures are left out
 * @param past whether the step crossed a threshold: the plan's limit shows here
 */
public record RampStep(
        @JsonProperty("concurrency") int concurrency,
        @JsonProperty("seconds") double seconds,
        @JsonProperty("requests") int requests,
        @JsonProperty("ok") int ok,
        @JsonProperty("requests_per_second") double requestsPerSecond,
        @JsonProperty("p50_ms") Double p50Ms,
        @JsonProperty("p99_ms") Double p99Ms,
        @JsonProperty("gateway_refusals") int gatewayRefusals,
        @JsonProperty("target_blocks") int targetBlocks,
        @JsonProperty("other_failures") int otherFailures,
        @JsonProperty("error_share") double errorShare,
        @JsonProperty("failures") Map<String, Map<String, Long>> failures,
        @JsonProperty("past") boolean past) {

    /**
     * The step made of {@code records}, with outcomes given as {@code analyze} gives them ({@link RecordClassifier}).
     *
     * @param records every request of the step, at least one; times in seconds from the step's start
     */
    public static RampStep of(int concurrency, List<RequestRecord> records, RampThresholds thresholds) {
        if (records.isEmpty()) {
            throw new IllegalArgumentException("a ramp step at concurrency " + concurrency + " has no requests");
        }
        RecordClassifier classifier = new RecordClassifier(null);
        List<RequestRecord> classified = records.stream().map(classifier::classify).toList();
        Map<FailureSide, Map<String, Long>> bySide = new EnumMap<>(FailureSide.class);
        int[] perSide = new int[FailureSide.values().length];
        double[] okMillis = classified.stream().filter(r -> FailureSide.of(r) == null)
                .mapToDouble(r -> r.total() * 1000).toArray();
        double seconds = 0;
        for (RequestRecord r : classified) {
            seconds = Math.max(seconds, r.done());
            FailureSide side = FailureSide.of(r);
            if (side != null) {
                perSide[side.ordinal()]++;
                bySide.computeIfAbsent(side, s -> new TreeMap<>()).merge(FailureSide.label(r), 1L, Long::sum);
            }
        }
        Map<String, Map<String, Long>> failures = new TreeMap<>();
        bySide.forEach((side, labels) -> failures.put(side.jsonName(), labels));
        Percentiles latency = okMillis.length == 0 ? null : Percentiles.of(okMillis);
        int failed = classified.size() - okMillis.length;
        double errorShare = (double) failed / classified.size();
        Double p99 = latency == null ? null : latency.p99();
        boolean past = errorShare > thresholds.maxErrors()
                || (thresholds.maxP99Ms() != null && p99 != null && p99 > thresholds.maxP99Ms());
        return new RampStep(concurrency, seconds, classified.size(), okMillis.length,
                seconds > 0 ? classified.size() / seconds : 0, latency == null ? null : latency.p50(), p99,
                perSide[FailureSide.GATEWAY.ordinal()], perSide[FailureSide.TARGET.ordinal()],
                perSide[FailureSide.OTHER.ordinal()], errorShare, failures, past);
    }

    /** This step's failures on {@code side}. */
    public int failures(FailureSide side) {
        return switch (side) {
            case GATEWAY -> gatewayRefusals;
            case TARGET -> targetBlocks;
            case OTHER -> otherFailures;
        };
    }
}
