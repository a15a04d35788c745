package io.proxybench.lab.target;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The target's counters at one moment, as served by {@code /stats}.
 *
 * @param requestsTotal requests received on every connection and stream
 * @param connectionsTotal TCP connections accepted on both listeners
 * @param openConnections TCP connections open now (a gauge: a reset leaves it as it is)
 * @param proxyCredentialsSeen requests that carried a {@code Proxy-Authorization} header: proxy credentials a
 *     client sent past its proxy, to the origin
 * @param perIp the same two counts per source address (textual form, sorted), for addresses seen since the
 *     last reset
 * @param ja4 TLS connections per JA4 fingerprint of their ClientHello (sorted), since the last reset
 * @param pageCookies {@code /page/N} requests by what they brought back of the cookie {@code /login} sets
 */
public record StatsSnapshot(
        @JsonProperty("requests_total") long requestsTotal,
        @JsonProperty("connections_total") long connectionsTotal,
        @JsonProperty("open_connections") long openConnections,
        @JsonProperty("proxy_credentials_seen") long proxyCredentialsSeen,
        @JsonProperty("per_ip") Map<String, Ip> perIp,
        @JsonProperty("ja4") Map<String, Long> ja4,
        @JsonProperty("page_cookies") PageCookies pageCookies) {

    public StatsSnapshot {
        perIp = Collections.unmodifiableSortedMap(new TreeMap<>(perIp));
        ja4 = Collections.unmodifiableSortedMap(new TreeMap<>(ja4));
    }

    /** Requests and TCP connections from one source address. */
    public record Ip(long requests, long connections) {}

    /**
     * Page requests by their session cookie: a client that keeps cookies per session (per exit) has only
     * {@code returned} after logging in through each exit.
     *
     * @param returned brought back the token {@code /login} gave their own source address (exit)
     * @param missing brought no session cookie
     * @param foreign brought a token given to another source address, or never given
     */
    public record PageCookies(long returned, long missing, long foreign) {}
}
