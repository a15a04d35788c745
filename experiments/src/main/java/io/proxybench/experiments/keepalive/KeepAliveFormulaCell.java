package io.proxybench.experiments.keepalive;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One cell of seed 001's cold-share table.
 *
 * @param keepAliveSeconds the client's keep-alive T, seconds
 * @param gapSeconds the mean gap between one instance's requests to one destination, seconds
 * @param coldShare {@code exp(-T / gap)}, 0..1
 */
public record KeepAliveFormulaCell(
        @JsonProperty("keep_alive_seconds") double keepAliveSeconds,
        @JsonProperty("gap_seconds") double gapSeconds,
        @JsonProperty("cold_share") double coldShare) {}
