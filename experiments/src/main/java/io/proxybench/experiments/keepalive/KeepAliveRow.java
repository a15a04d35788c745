package io.proxybench.experiments.keepalive;

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
 * @param tolerance {@code sigmas * standardError}: how far {@code coldShare} may lie from {@code expected} by chance
 * @param requestAllowance how much lower the share is for requests lasting {@code requestMeanMs} rather than no time
 *     (the formula's assumption): {@code expected - exp(-(T + d) / gap)}
 * @param withinTolerance whether {@code expected - tolerance - requestAllowance <= coldShare <= expected + tolerance}
 * @param requestMeanMs mean time from send to complete response, milliseconds; 0 without a 200
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
        @JsonProperty("request_allowance") double requestAllowance,
        @JsonProperty("within_tolerance") boolean withinTolerance,
        @JsonProperty("request_mean_ms") double requestMeanMs) {

    /** The lowest cold share accepted. */
    public double lowest() {
        return Math.max(0, expected - tolerance - requestAllowance);
    }

    /** The highest cold share accepted. */
    public double highest() {
        return Math.min(1, expected + tolerance);
    }
}
