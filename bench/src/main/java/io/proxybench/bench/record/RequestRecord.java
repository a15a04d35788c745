package io.proxybench.bench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One scheduled request, as one line of a JSONL result file (see DESIGN.md, "Record format").
 *
 * <p>All times are in <b>seconds</b>. {@code sched} and {@code done} are relative to the run's start;
 * {@code total} is measured from the scheduled start, so client-side queueing counts as latency. A phase
 * that did not happen (or was not reached) is {@code null} and omitted from the JSON, never zero. Field
 * names match the seed harness, so its scripts read these files. There is no field for credentials.
 *
 * @param sched scheduled start, seconds after the run's start
 * @param done completion, seconds after the run's start ({@code sched + total})
 * @param startLag how late the request started compared with {@code sched}, seconds
 * @param queue time waiting for a pool slot, seconds
 * @param tcp TCP connect to the proxy, seconds
 * @param proxyTls TLS handshake with the proxy itself (HTTPS proxies), seconds
 * @param socks SOCKS negotiation, seconds
 * @param connect HTTP CONNECT exchange with the proxy, seconds
 * @param tls TLS handshake with the target through the tunnel, seconds
 * @param request request sent until response read, seconds
 * @param total scheduled start until done, seconds
 * @param status HTTP status of the target's response, absent if none arrived
 * @param ip exit IP reported by the target
 * @param loc exit country reported by the target
 * @param error {@code <phase>_<Reason>}, e.g. {@code tls_TimeoutException} or {@code connect_407}
 * @param outcome block classification of the response
 * @param reused whether the request ran on an already open tunnel
 * @param conn id of the connection (tunnel) used
 * @param session sticky-session id, if any
 * @param attempt 1 for a first try, 2 and up for retries on a new tunnel
 * @param bytesOut bytes written to the wire, TLS included
 * @param bytesIn bytes read from the wire, TLS included
 * @param handshakeBytes bytes of the handshakes (proxy and TLS) within {@code bytesOut + bytesIn}
 * @param http HTTP version of the target's response, e.g. {@code HTTP/1.1}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestRecord(
        @JsonProperty("sched") double sched,
        @JsonProperty("done") double done,
        @JsonProperty("start_lag") double startLag,
        @JsonProperty("queue") Double queue,
        @JsonProperty("tcp") Double tcp,
        @JsonProperty("proxy_tls") Double proxyTls,
        @JsonProperty("socks") Double socks,
        @JsonProperty("connect") Double connect,
        @JsonProperty("tls") Double tls,
        @JsonProperty("request") Double request,
        @JsonProperty("total") Double total,
        @JsonProperty("status") Integer status,
        @JsonProperty("ip") String ip,
        @JsonProperty("loc") String loc,
        @JsonProperty("error") String error,
        @JsonProperty("outcome") Outcome outcome,
        @JsonProperty("reused") Boolean reused,
        @JsonProperty("conn") Long conn,
        @JsonProperty("session") String session,
        @JsonProperty("attempt") Integer attempt,
        @JsonProperty("bytes_out") Long bytesOut,
        @JsonProperty("bytes_in") Long bytesIn,
        @JsonProperty("handshake_bytes") Long handshakeBytes,
        @JsonProperty("http") String http) {

    /** Whether the target answered 200, the seed's definition of a success. */
    public boolean ok() {
        return status != null && status == 200;
    }
}
