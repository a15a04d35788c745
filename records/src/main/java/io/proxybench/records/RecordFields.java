package io.proxybench.records;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A record's fields as a line is read into them, set one by one: Jackson fills such a class about twice as fast as
 * it calls a record's constructor through a creator, which weighs on reading millions of lines. Read as
 * {@link RequestRecord} reads: the same names, types and defaults (an absent {@code start_lag} is 0, any other absent
 * field null). {@code sched} and {@code done} are null here when absent, which {@link LineParser} refuses: a record
 * always has both, and no time is made up for it.
 */
final class RecordFields {
    @JsonProperty("sched")
    Double sched;
    @JsonProperty("done")
    Double done;
    @JsonProperty("start_lag")
    double startLag;
    @JsonProperty("queue")
    Double queue;
    @JsonProperty("dns")
    Double dns;
    @JsonProperty("tcp")
    Double tcp;
    @JsonProperty("proxy_tls")
    Double proxyTls;
    @JsonProperty("socks")
    Double socks;
    @JsonProperty("connect")
    Double connect;
    @JsonProperty("tls")
    Double tls;
    @JsonProperty("request")
    Double request;
    @JsonProperty("total")
    Double total;
    @JsonProperty("status")
    Integer status;
    @JsonProperty("ip")
    String ip;
    @JsonProperty("loc")
    String loc;
    @JsonProperty("error")
    String error;
    @JsonProperty("reason")
    String reason;
    @JsonProperty("first_error")
    String firstError;
    @JsonProperty("outcome")
    Outcome outcome;
    @JsonProperty("reused")
    Boolean reused;
    @JsonProperty("conn")
    Long conn;
    @JsonProperty("session")
    String session;
    @JsonProperty("attempt")
    Integer attempt;
    @JsonProperty("bytes_out")
    Long bytesOut;
    @JsonProperty("bytes_in")
    Long bytesIn;
    @JsonProperty("handshake_bytes")
    Long handshakeBytes;
    @JsonProperty("body_len")
    Long bodyLen;
    @JsonProperty("challenge")
    Boolean challenge;
    @JsonProperty("http")
    String http;
    @JsonProperty("body")
    String body;
    @JsonProperty("closed")
    String closed;
    @JsonProperty("scheme")
    String scheme;
    @JsonProperty("gateway_connection_id")
    Long gatewayConnectionId;
    @JsonProperty("segment")
    String segment;
    @JsonProperty("hop")
    Integer hop;
    @JsonProperty("location")
    String location;

    RequestRecord toRecord() {
        return new RequestRecord(sched, done, startLag, queue, dns, tcp, proxyTls, socks, connect, tls, request, total, status, ip, loc, error, reason, firstError, outcome, reused, conn, session, attempt, bytesOut, bytesIn, handshakeBytes, bodyLen, challenge, http, body, closed, scheme, gatewayConnectionId, segment, hop, location);
    }
}
