package io.proxybench.experiments.sessions;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Session behaviour under a burst (seed 002's checklist: "whether a sticky session keeps 1 exit IP across 100
 * concurrent tunnels"): {@code requests} requests, {@code tunnels} at a time, through a client pooled at
 * {@code tunnels} connections per exit (HTTP/1.1, so a tunnel carries one request at a time and is reused after it).
 *
 * @param mode one warmed sticky session, or no session (rotating per tunnel)
 * @param requests requests of the burst (the sticky session's warm-up request not counted)
 * @param tunnels requests in flight at once, and the client's pool limit
 * @param ok requests answered 200
 * @param tunnelsOpened tunnels the client opened during the burst
 * @param uniqueExits distinct exit IPs the target reported during the burst
 * @param topExitShare the share of successful requests that came from the most-used exit, 0..1
 */
public record SessionsBurst(
        @JsonProperty("mode") String mode,
        @JsonProperty("requests") int requests,
        @JsonProperty("tunnels") int tunnels,
        @JsonProperty("ok") int ok,
        @JsonProperty("tunnels_opened") long tunnelsOpened,
        @JsonProperty("unique_exits") int uniqueExits,
        @JsonProperty("top_exit_share") double topExitShare) {}
