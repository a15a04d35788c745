package io.proxybench.audit;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One client at one setting under the load.
 *
 * @param client the library
 * @param version its version
 * @param limits {@code defaults} or {@code raised}
 * @param line the line that raised the limits; null at defaults
 * @param requests requests sent
 * @param ok answers with status 200
 * @param failed the rest: transport errors, other statuses, no answer in time
 * @param error the first failure, credentials masked; null without one
 * @param peakTunnels most tunnels open at the gateway at once, sampled every 50 ms; null when the gateway cannot be
 *     seen (a real proxy)
 * @param tunnelsOpened tunnels the gateway opened for the load; null likewise
 * @param topExitShare share of the ok answers on the exit that carried most of them; null without traced answers
 * @param uniqueExits exits the ok answers named
 * @param untraced ok answers without an {@code ip=} line, which count in no exit figure (the target is not a
 *     trace endpoint)
 * @param requestsPerSecond ok answers per second, from the first request handed to the client to the last answer
 * @param p50Ms median latency of the ok answers, from hand-over to the client (its queueing included), ms
 * @param p99Ms 99th percentile of the same, ms
 * @param http answers by protocol inside the tunnel, {@code h2} or {@code http/1.1}
 */
public record LoadRow(
        @JsonProperty("client") String client,
        @JsonProperty("version") String version,
        @JsonProperty("limits") String limits,
        @JsonProperty("line") String line,
        @JsonProperty("requests") int requests,
        @JsonProperty("ok") int ok,
        @JsonProperty("failed") int failed,
        @JsonProperty("error") String error,
        @JsonProperty("peak_tunnels") Long peakTunnels,
        @JsonProperty("tunnels_opened") Long tunnelsOpened,
        @JsonProperty("top_exit_share") Double topExitShare,
        @JsonProperty("unique_exits") int uniqueExits,
        @JsonProperty("untraced") int untraced,
        @JsonProperty("requests_per_second") Double requestsPerSecond,
        @JsonProperty("p50_ms") Double p50Ms,
        @JsonProperty("p99_ms") Double p99Ms,
        @JsonProperty("http") Map<String, Long> http) {

    public static final String DEFAULTS = "defaults";
    public static final String RAISED = "raised";
}
