package io.proxybench.experiments.reuse;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One configuration of the reuse experiment (seed 000's table), as measured.
 *
 * @param configuration what the row runs, in the seed's words
 * @param created connections opened (each a TCP, CONNECT and TLS handshake)
 * @param reused requests sent on a connection that was already open
 * @param reuseRate {@code reused / (created + reused)}, 0..1
 * @param handshakesPer1000 connections opened per 1,000 requests
 * @param wallSeconds the crawl's wall time, seconds
 * @param relativeWall wall time over the first row's
 * @param ok requests answered 200
 * @param failed requests without a 200
 */
public record ReuseRow(
        @JsonProperty("configuration") String configuration,
        @JsonProperty("created") long created,
        @JsonProperty("reused") long reused,
        @JsonProperty("reuse_rate") double reuseRate,
        @JsonProperty("handshakes_per_1000") double handshakesPer1000,
        @JsonProperty("wall_seconds") double wallSeconds,
        @JsonProperty("relative_wall") double relativeWall,
        @JsonProperty("ok") int ok,
        @JsonProperty("failed") int failed) {}
