package io.proxybench.experiments.h2gateway;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Seed 002's "carry many rotating tunnels on 1 gateway connection", as measured: the same open-loop schedule through
 * an {@code https://} proxy over HTTP/1.1, then over HTTP/2.
 *
 * @param gateway where the lanes ran: the embedded lab and its injected latency, or the real proxy's endpoint
 * @param ratePerSecond the schedule's constant arrival rate, requests per second
 * @param seconds how long each lane's schedule ran, seconds
 * @param maxInFlight most requests in flight at once per lane
 * @param maxStreamsPerConnection most tunnels the client put on one HTTP/2 connection to the proxy
 * @param lanes the HTTP/1.1 lane, then the HTTP/2 lane
 */
public record H2GatewayResult(
        @JsonProperty("gateway") String gateway,
        @JsonProperty("rate_per_second") double ratePerSecond,
        @JsonProperty("seconds") double seconds,
        @JsonProperty("max_in_flight") int maxInFlight,
        @JsonProperty("max_streams_per_connection") int maxStreamsPerConnection,
        @JsonProperty("lanes") List<H2GatewayLane> lanes) {}
