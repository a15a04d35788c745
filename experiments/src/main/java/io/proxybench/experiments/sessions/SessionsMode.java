package io.proxybench.experiments.sessions;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One mode of the sessions experiment at fixed concurrency, as measured: every request on a new tunnel, through a
 * rotating exit or through the worker's warmed sticky session.
 *
 * @param mode what the row runs, in the seed's words
 * @param ok requests answered 200 in the measured run
 * @param failed requests without a 200
 * @param steadyFirstSecond first second of the steady window (seed 002's {@code steady.py}), null without one
 * @param steadyLastSecond last second of the steady window, inclusive; null without one
 * @param steadyRequestsPerSecond median successful requests per second over the steady window; null without one
 * @param tlsP50Ms median of the TLS phase (handshake with the target through the tunnel, which includes what the
 *     exit still had to set up), milliseconds
 * @param tlsP99Ms 99th percentile of the TLS phase, milliseconds
 * @param totalP50Ms median latency from send to answer, milliseconds
 * @param uniqueExits distinct exit IPs the target reported
 * @param tunnelsOpened tunnels the client opened in the measured run (one per request: nothing is reused)
 */
public record SessionsMode(
        @JsonProperty("mode") String mode,
        @JsonProperty("ok") int ok,
        @JsonProperty("failed") int failed,
        @JsonProperty("steady_first_second") Long steadyFirstSecond,
        @JsonProperty("steady_last_second") Long steadyLastSecond,
        @JsonProperty("steady_requests_per_second") Double steadyRequestsPerSecond,
        @JsonProperty("tls_p50_ms") Double tlsP50Ms,
        @JsonProperty("tls_p99_ms") Double tlsP99Ms,
        @JsonProperty("total_p50_ms") Double totalP50Ms,
        @JsonProperty("unique_exits") int uniqueExits,
        @JsonProperty("tunnels_opened") long tunnelsOpened) {}
