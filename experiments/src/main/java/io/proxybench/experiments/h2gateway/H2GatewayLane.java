package io.proxybench.experiments.h2gateway;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.Percentiles;
import io.proxybench.harness.summary.ProxyConnections;
import java.util.Map;

/**
 * One lane of the HTTP/2 gateway experiment: the same open-loop schedule, a new tunnel per request, with HTTP/1.1 or
 * HTTP/2 asked of the {@code https://} proxy. Each gateway figure names what it was measured from ({@code *_from}),
 * the embedded lab's own counters or, on a real proxy, the client's.
 *
 * @param lane {@code HTTP/1.1 proxy} or {@code HTTP/2 proxy}
 * @param proxyProtocol what the client asked the proxy for by ALPN: {@code http/1.1}, or {@code h2} (taking
 *     {@code http/1.1} if the proxy chooses it)
 * @param scheduled requests the schedule fired
 * @param ok requests answered with status 200
 * @param errors failed requests by error label ({@code <phase>_<Reason>})
 * @param steadyOkPerSecond median successful requests per second over the steady window (seed 002's rule); null
 *     when the lane had none
 * @param startLagP99Ms 99th percentile of how late requests were handed to the client, milliseconds
 * @param backlogPeak most requests that waited for an in-flight slot at once; above 0, the cap on requests in flight
 *     was reached
 * @param gatewayConnectionsPeak most connections to the gateway open at once during the lane, over those open before
 *     it
 * @param gatewayConnectionsPeakFrom what {@code gatewayConnectionsPeak} was measured from
 * @param gatewayConnectionsOpened connections to the gateway opened during the lane
 * @param gatewayConnectionsOpenedFrom what {@code gatewayConnectionsOpened} was counted from
 * @param tunnels tunnels opened during the lane (one per request when none failed before its CONNECT)
 * @param tunnelsFrom what {@code tunnels} was counted from
 * @param tunnelsPerGatewayConnection {@code tunnels / gatewayConnectionsOpened}; null when none was opened
 * @param uniqueExits distinct exit IPs the target reported ({@code ip=}) to the successful requests
 * @param uniqueExitsPerOk {@code uniqueExits / ok}: 1 when every tunnel had an exit of its own; null without
 *     successes
 * @param phasesMs p50/p90/p99 in milliseconds per phase, over the successful requests that had the phase ({@code
 *     count}): through an HTTP/2 proxy only the requests that opened a gateway connection have {@code tcp} and {@code
 *     proxy_tls}
 * @param proxyConnections the client's own gateway counters in the HTTP/2 lane (fallback tunnels included); null in
 *     the HTTP/1.1 lane
 */
public record H2GatewayLane(
        @JsonProperty("lane") String lane,
        @JsonProperty("proxy_protocol") String proxyProtocol,
        @JsonProperty("scheduled") long scheduled,
        @JsonProperty("ok") long ok,
        @JsonProperty("errors") Map<String, Long> errors,
        @JsonProperty("steady_ok_per_second") Double steadyOkPerSecond,
        @JsonProperty("start_lag_p99_ms") double startLagP99Ms,
        @JsonProperty("backlog_peak") int backlogPeak,
        @JsonProperty("gateway_connections_peak") long gatewayConnectionsPeak,
        @JsonProperty("gateway_connections_peak_from") String gatewayConnectionsPeakFrom,
        @JsonProperty("gateway_connections_opened") long gatewayConnectionsOpened,
        @JsonProperty("gateway_connections_opened_from") String gatewayConnectionsOpenedFrom,
        @JsonProperty("tunnels") long tunnels,
        @JsonProperty("tunnels_from") String tunnelsFrom,
        @JsonProperty("tunnels_per_gateway_connection") Double tunnelsPerGatewayConnection,
        @JsonProperty("unique_exits") long uniqueExits,
        @JsonProperty("unique_exits_per_ok") Double uniqueExitsPerOk,
        @JsonProperty("phases_ms") Map<String, Percentiles> phasesMs,
        @JsonProperty("proxy_connections") ProxyConnections proxyConnections) {

    /** Requests that got no 200: failures and other statuses. */
    @JsonProperty("failed")
    public long failed() {
        return scheduled - ok;
    }
}
