package io.proxybench.records;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One scheduled request, as one line of a JSONL result file (see DESIGN.md, "Record format"); or, with {@code location},
 * a redirect such a request followed ({@link #redirect()}), which no reader counts as a request.
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
 * @param tcp TCP connect to the proxy, seconds; through an HTTP/2 proxy connection, only on the request that opened
 *     it
 * @param proxyTls TLS handshake with the proxy itself (HTTPS proxies), seconds; through an HTTP/2 proxy connection,
 *     only on the request that opened it (the others rode a connection already set up)
 * @param socks SOCKS negotiation, seconds
 * @param connect HTTP CONNECT exchange with the proxy, seconds; for a tunnel on an HTTP/2 proxy connection, its
 *     CONNECT stream's request and answer
 * @param tls TLS handshake with the target through the tunnel, seconds
 * @param request request sent until response read, seconds
 * @param total scheduled start until done, seconds
 * @param status HTTP status of the target's response, absent if none arrived
 * @param ip exit IP reported by the target
 * @param loc exit country reported by the target
 * @param error {@code <phase>_<Reason>}, e.g. {@code tls_TimeoutException} or {@code connect_407}
 * @param reason why a failure happened in words: the proxy's own for one it answered (a refused CONNECT's
 *     {@code Proxy-Status} or the first line of its body), a SOCKS5 reply, or whose certificate was not trusted; at
 *     most 160 characters, credentials masked; absent when there is none
 * @param outcome block classification of the response
 * @param reused whether the request ran on an already open tunnel
 * @param conn id of the connection (tunnel) used
 * @param session sticky-session id, if any
 * @param attempt 1 for a first try, 2 and up for retries on a new tunnel
 * @param bytesOut bytes written to the wire, TLS included
 * @param bytesIn bytes read from the wire, TLS included
 * @param handshakeBytes bytes of the handshakes (proxy and TLS) within {@code bytesOut + bytesIn}
 * @param http HTTP version of the target's response, e.g. {@code HTTP/1.1}
 * @param dns name resolution on the client (direct and {@code socks5://} routes), seconds
 * @param firstError the first attempt's error when the request was retried ({@code attempt > 1})
 * @param bodyLen length of the response body in bytes, as sent by the target (not cut at the client's limit)
 * @param challenge true when the response carried {@code cf-mitigated: challenge}; absent otherwise
 * @param body the response body as text, only with {@code run --keep-body} (for {@code analyze --expect})
 * @param closed why the connection took no further request after this one (it closed once idle), as
 *     {@code CloseReason} labels: {@code client_close} (the request said {@code Connection: close}),
 *     {@code server_close}, {@code keep_alive_zero}, {@code max_requests}, {@code max_age}, {@code peer_closed};
 *     absent when it stayed open for reuse (an idle connection's later close is in the client's counters only)
 * @param scheme the proxy scheme the connection went through: {@code http}, {@code https}, {@code socks5},
 *     {@code socks5h}; absent when direct
 * @param gatewayConnectionId the number of the HTTP/2 connection to the proxy whose stream carried the tunnel
 *     (from 1; requests with the same number shared one connection to the gateway), 0 when the tunnel or forwarded
 *     request had a connection to the proxy of its own (HTTP/1.1, SOCKS5, or an HTTP/2 request that fell back);
 *     absent when direct
 * @param segment the run's execution segment and its sequence when it was one shard of a run, e.g.
 *     {@code 1/4:1/2 of 0,1/4,1/2,1}; absent for a run of the whole schedule
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestRecord(
        @JsonProperty("sched") double sched,
        @JsonProperty("done") double done,
        @JsonProperty("start_lag") double startLag,
        @JsonProperty("queue") Double queue,
        @JsonProperty("dns") Double dns,
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
        @JsonProperty("reason") String reason,
        @JsonProperty("first_error") String firstError,
        @JsonProperty("outcome") Outcome outcome,
        @JsonProperty("reused") Boolean reused,
        @JsonProperty("conn") Long conn,
        @JsonProperty("session") String session,
        @JsonProperty("attempt") Integer attempt,
        @JsonProperty("bytes_out") Long bytesOut,
        @JsonProperty("bytes_in") Long bytesIn,
        @JsonProperty("handshake_bytes") Long handshakeBytes,
        @JsonProperty("body_len") Long bodyLen,
        @JsonProperty("challenge") Boolean challenge,
        @JsonProperty("http") String http,
        @JsonProperty("body") String body,
        @JsonProperty("closed") String closed,
        @JsonProperty("scheme") String scheme,
        @JsonProperty("gateway_connection_id") Long gatewayConnectionId,
        @JsonProperty("segment") String segment,
        @JsonProperty("hop") Integer hop,
        @JsonProperty("location") String location) {

    /**
     * Whether this record is a redirect a request followed, not a request of its own: its bytes and connection count,
     * as the wire bytes and handshakes they were; the request's outcome and latency are its own record's.
     */
    public boolean redirect() {
        return location != null;
    }

    /** Whether the target answered 200, the seed's definition of a success. */
    public boolean ok() {
        return status != null && status == 200;
    }

    /** Wire bytes both ways, {@code bytes_out + bytes_in}, absent ones counted as 0. */
    public long wireBytes() {
        return (bytesOut == null ? 0 : bytesOut) + (bytesIn == null ? 0 : bytesIn);
    }

    /** A builder for a record scheduled at {@code sched} and done at {@code done}, seconds after the run's start. */
    public static Builder builder(double sched, double done) {
        return new Builder(sched, done);
    }

    /** This record with {@code outcome} (e.g. once classified). */
    public RequestRecord withOutcome(Outcome outcome) {
        return new RequestRecord(sched, done, startLag, queue, dns, tcp, proxyTls, socks, connect, tls, request,
                total, status, ip, loc, error, reason, firstError, outcome, reused, conn, session, attempt, bytesOut,
                bytesIn, handshakeBytes, bodyLen, challenge, http, body, closed, scheme, gatewayConnectionId, segment, hop,
                location);
    }

    /**
     * This record on another time base: {@code sched} and {@code done} moved by {@code seconds} (negative moves them
     * earlier), every other field as it is; itself when {@code seconds} is 0.
     */
    public RequestRecord shifted(double seconds) {
        return seconds == 0 ? this : new RequestRecord(sched + seconds, done + seconds, startLag, queue, dns, tcp,
                proxyTls, socks, connect, tls, request, total, status, ip, loc, error, reason, firstError, outcome,
                reused, conn, session, attempt, bytesOut, bytesIn, handshakeBytes, bodyLen, challenge, http, body,
                closed, scheme, gatewayConnectionId, segment, hop, location);
    }

    /** This record without its {@code body} (itself when it has none). */
    public RequestRecord withoutBody() {
        return body == null ? this : new RequestRecord(sched, done, startLag, queue, dns, tcp, proxyTls, socks, connect,
                tls, request, total, status, ip, loc, error, reason, firstError, outcome, reused, conn, session,
                attempt, bytesOut, bytesIn, handshakeBytes, bodyLen, challenge, http, null, closed, scheme,
                gatewayConnectionId, segment, hop, location);
    }

    /** Builds a record field by field; every field the builder is not given stays absent (null). */
    public static final class Builder {
        private final double sched;
        private final double done;
        private double startLag;
        private Double queue, dns, tcp, proxyTls, socks, connect, tls, request, total;
        private Integer status, attempt, hop;
        private String ip, loc, error, reason, firstError, session, http, body, closed, scheme, segment, location;
        private Outcome outcome;
        private Boolean reused, challenge;
        private Long conn, bytesOut, bytesIn, handshakeBytes, bodyLen, gatewayConnectionId;

        private Builder(double sched, double done) {
            this.sched = sched;
            this.done = done;
        }

        public Builder startLag(double seconds) { startLag = seconds; return this; }
        public Builder queue(Double seconds) { queue = seconds; return this; }
        public Builder dns(Double seconds) { dns = seconds; return this; }
        public Builder tcp(Double seconds) { tcp = seconds; return this; }
        public Builder proxyTls(Double seconds) { proxyTls = seconds; return this; }
        public Builder socks(Double seconds) { socks = seconds; return this; }
        public Builder connect(Double seconds) { connect = seconds; return this; }
        public Builder tls(Double seconds) { tls = seconds; return this; }
        public Builder request(Double seconds) { request = seconds; return this; }
        public Builder total(Double seconds) { total = seconds; return this; }
        public Builder status(Integer value) { status = value; return this; }
        public Builder ip(String value) { ip = value; return this; }
        public Builder loc(String value) { loc = value; return this; }
        public Builder error(String label) { error = label; return this; }
        public Builder reason(String text) { reason = text; return this; }
        public Builder firstError(String label) { firstError = label; return this; }
        public Builder outcome(Outcome value) { outcome = value; return this; }
        public Builder reused(Boolean value) { reused = value; return this; }
        public Builder conn(Long id) { conn = id; return this; }
        public Builder session(String id) { session = id; return this; }
        public Builder attempt(Integer value) { attempt = value; return this; }
        public Builder bytesOut(Long bytes) { bytesOut = bytes; return this; }
        public Builder bytesIn(Long bytes) { bytesIn = bytes; return this; }
        public Builder handshakeBytes(Long bytes) { handshakeBytes = bytes; return this; }
        public Builder bodyLen(Long bytes) { bodyLen = bytes; return this; }
        public Builder challenge(Boolean value) { challenge = value; return this; }
        public Builder http(String version) { http = version; return this; }
        public Builder body(String text) { body = text; return this; }
        public Builder closed(String reason) { closed = reason; return this; }
        public Builder scheme(String proxyScheme) { scheme = proxyScheme; return this; }
        public Builder gatewayConnectionId(Long id) { gatewayConnectionId = id; return this; }
        public Builder segment(String text) { segment = text; return this; }
        public Builder hop(Integer place) { hop = place; return this; }
        public Builder location(String url) { location = url; return this; }

        public RequestRecord build() {
            return new RequestRecord(sched, done, startLag, queue, dns, tcp, proxyTls, socks, connect, tls, request,
                    total, status, ip, loc, error, reason, firstError, outcome, reused, conn, session, attempt,
                    bytesOut, bytesIn, handshakeBytes, bodyLen, challenge, http, body, closed, scheme,
                    gatewayConnectionId, segment, hop, location);
        }
    }
}
