package io.proxybench.experiments.bytes;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Seed 002's bytes-per-request table, as measured.
 *
 * @param target the URL requested
 * @param projectedRequests how many requests the projections are for
 * @param rows one per key-exchange offer
 * @param hybridExtraPerNewTunnel new-tunnel bytes with X25519MLKEM768 negotiated minus those with X25519; null
 *     unless both were measured
 */
public record BytesResult(
        @JsonProperty("target") String target,
        @JsonProperty("projected_requests") long projectedRequests,
        @JsonProperty("rows") List<BytesRow> rows,
        @JsonProperty("hybrid_extra_per_new_tunnel") Double hybridExtraPerNewTunnel) {}
