package io.proxybench.experiments.sizepool;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Seed 002's pool-sizing table: what per-IP token buckets reject of one request stream spread over pools of several
 * sizes, the pool each bucket needs, and (when run live) the rejections a target really answered next to the
 * simulation of the same stream.
 *
 * @param source where the arrival times came from: the generated schedule, or the records file replayed
 * @param requests requests in the stream
 * @param ratePerSec the stream's rate, requests per second (for records: requests over their span)
 * @param seconds the stream's span, seconds
 * @param assignment how requests were spread over a pool's sessions: {@code random} or {@code round-robin}
 * @param sizing one entry per bucket, in the order given
 * @param rows one row per pool size and bucket, pool sizes in the order given, buckets within
 * @param live the live check, or null when none ran
 */
public record SizePoolResult(
        @JsonProperty("source") String source,
        @JsonProperty("requests") int requests,
        @JsonProperty("rate_per_s") double ratePerSec,
        @JsonProperty("seconds") double seconds,
        @JsonProperty("assignment") String assignment,
        @JsonProperty("sizing") List<Sizing> sizing,
        @JsonProperty("rows") List<Row> rows,
        @JsonProperty("live") LiveCheck live) {

    /**
     * The simulated rejections of one pool size under one bucket.
     *
     * @param sessions pool size: sessions, each its own exit IP
     * @param perIpRatePerSec the stream's rate over the pool size: requests per second each address sends on average
     * @param rejected requests the buckets rejected
     * @param rejectedPct {@code rejected} over the stream's requests, percent
     */
    public record Row(
            @JsonProperty("sessions") int sessions,
            @JsonProperty("burst") int burst,
            @JsonProperty("bucket_rate_per_s") double bucketRatePerSec,
            @JsonProperty("per_ip_rate_per_s") double perIpRatePerSec,
            @JsonProperty("rejected") int rejected,
            @JsonProperty("rejected_pct") double rejectedPct) {}

    /**
     * How big a pool one bucket needs for this stream.
     *
     * @param atLimitSessions the stream's rate over the bucket's rate, rounded up: every address at its limit
     * @param ruleOfThumbSessions twice that, seed 002's recommendation
     * @param ruleOfThumbRejectedPct what the simulation rejects at the rule of thumb's size, percent
     * @param neededSessions the smallest pool the simulation finds at or under {@code targetRejectedPct}; null when
     *     none up to {@code searchedUpTo} is
     * @param targetRejectedPct the rejections accepted for {@code neededSessions}, percent
     * @param searchedUpTo the largest pool size the search tried
     */
    public record Sizing(
            @JsonProperty("burst") int burst,
            @JsonProperty("bucket_rate_per_s") double bucketRatePerSec,
            @JsonProperty("at_limit_sessions") int atLimitSessions,
            @JsonProperty("rule_of_thumb_sessions") int ruleOfThumbSessions,
            @JsonProperty("rule_of_thumb_rejected_pct") double ruleOfThumbRejectedPct,
            @JsonProperty("needed_sessions") Integer neededSessions,
            @JsonProperty("target_rejected_pct") double targetRejectedPct,
            @JsonProperty("searched_up_to") int searchedUpTo) {}

    /**
     * The same kind of stream sent for real through sticky sessions to a rate-limited URL (the lab's
     * {@code /limited}), next to the simulation of that stream under the bucket the target is set to (or assumed to
     * have, for a real target).
     *
     * @param secondsEach how long the stream ran per pool size, seconds
     * @param marginPctPoints how far the live and simulated percentages may be apart and still agree, in points
     * @param agrees whether every row is within the margin
     */
    public record LiveCheck(
            @JsonProperty("url") String url,
            @JsonProperty("burst") int burst,
            @JsonProperty("bucket_rate_per_s") double bucketRatePerSec,
            @JsonProperty("rate_per_s") double ratePerSec,
            @JsonProperty("seconds_each") double secondsEach,
            @JsonProperty("margin_pct_points") double marginPctPoints,
            @JsonProperty("agrees") boolean agrees,
            @JsonProperty("rows") List<LiveRow> rows) {}

    /**
     * One pool size, live.
     *
     * @param requests requests scheduled
     * @param ok answered 200
     * @param rejected answered 429
     * @param failed no answer, or another status; left out of both percentages' denominators
     * @param exits distinct exit IPs the pool's sessions got, from a trace request per session; null when unknown
     * @param liveRejectedPct {@code rejected / (ok + rejected)}, percent
     * @param simulatedRejectedPct the simulation of the same requests (sessions as assigned, each at the time the
     *     client sent it) under the target's bucket, over {@code ok + rejected}, percent
     */
    public record LiveRow(
            @JsonProperty("sessions") int sessions,
            @JsonProperty("requests") int requests,
            @JsonProperty("ok") int ok,
            @JsonProperty("rejected") int rejected,
            @JsonProperty("failed") int failed,
            @JsonProperty("exits") Integer exits,
            @JsonProperty("live_rejected_pct") double liveRejectedPct,
            @JsonProperty("simulated_rejected_pct") double simulatedRejectedPct) {

        /** Live minus simulated, percentage points. */
        public double differencePctPoints() {
            return liveRejectedPct - simulatedRejectedPct;
        }
    }
}
