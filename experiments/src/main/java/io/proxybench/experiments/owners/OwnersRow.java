package io.proxybench.experiments.owners;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One lane at one concurrency of the owners experiment (seed 001), as measured. Null means not visible from where
 * the experiment ran (a real proxy's dials; the origin's side when its responses carry no lab trace).
 *
 * @param lane {@link OwnersExperiment#FORWARD} or {@link OwnersExperiment#SOCKS5}
 * @param concurrency requests in flight at once
 * @param requests requests sent
 * @param failed requests without a 200
 * @param clientConnections connections the client opened (to the gateway)
 * @param upstreamDials connections the gateway dialled to the origin
 * @param targetRequests requests the origin received
 * @param targetConnections connections the origin accepted
 * @param requestsPerConnection {@code targetRequests / targetConnections}: the seed's
 *     {@code downstream_rq_total / downstream_cx_total}
 * @param targetSource where the target columns come from: {@code lab} (the lab target's counters), {@code trace}
 *     (the {@code conn=} ids in the responses' lab traces) or {@code unknown}
 * @param exitAddresses distinct exit addresses the target's traces reported; null without traces
 * @param p50Ms median latency of the 200s, send to complete response, milliseconds; null without a 200
 * @param p99Ms 99th percentile of the same, milliseconds; null with fewer than
 *     {@link OwnersExperiment#MIN_P99_SAMPLES} 200s, whose p99 would be their maximum
 */
public record OwnersRow(
        @JsonProperty("lane") String lane,
        @JsonProperty("concurrency") int concurrency,
        @JsonProperty("requests") int requests,
        @JsonProperty("failed") int failed,
        @JsonProperty("client_connections") long clientConnections,
        @JsonProperty("upstream_dials") Long upstreamDials,
        @JsonProperty("target_requests") Long targetRequests,
        @JsonProperty("target_connections") Long targetConnections,
        @JsonProperty("requests_per_connection") Double requestsPerConnection,
        @JsonProperty("target_source") String targetSource,
        @JsonProperty("exit_addresses") Integer exitAddresses,
        @JsonProperty("p50_ms") Double p50Ms,
        @JsonProperty("p99_ms") Double p99Ms) {}
