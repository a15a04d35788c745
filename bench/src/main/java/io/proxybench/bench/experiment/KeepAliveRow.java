package io.proxybench.bench.experiment;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One measured keep-alive and gap: Poisson arrivals through one client's pool.
 *
 * @param keepAliveMs the pool's keep-alive T, milliseconds
 * @param gapMs the mean gap of the Poisson arrivals, milliseconds
 * @param requests requests the schedule sent (the warm-up request before them not counted)
 * @param failed requests without a 200
 * @param created connections the client opened for them
 * @param coldShare {@code created / requests}, 0..1
 * @param idleShare share of the requests after the first whose connection had sat idle for T or longer, from the
 *     records' send and completion times: what the pool saw, so {@code coldShare} should follow it closely
 * @param expected the formula's {@code exp(-T / gap)}
 * @param standardError {@code sqrt(expected (1 - expected) / requests)}
 * @param tolerance {@code sigmas * standardError}: how far {@code coldShare} may lie from {@code expected}
 * @param withinTolerance whether it does
 * @param requestP50Ms median time from send to response, milliseconds; the formula assumes it is much shorter than
 *     the gap
 */
public record KeepAliveRow(
        @JsonProperty("keep_alive_ms") double keepAliveMs,
        @JsonProperty("gap_ms") double gapMs,
        @JsonProperty("requests") int requests,
        @JsonProperty("failed") int failed,
        @JsonProperty("created") long created,
        @JsonProperty("cold_share") double coldShare,
        @JsonProperty("idle_share") double idleShare,
        @JsonProperty("expected") double expected,
        @JsonProperty("standard_error") double standardError,
        @JsonProperty("tolerance") double tolerance,
        @JsonProperty("within_tolerance") boolean withinTolerance,
        @JsonProperty("request_p50_ms") Double requestP50Ms) {}
