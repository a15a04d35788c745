package io.proxybench.watch.live;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One provider's checks that ended within one minute: what the live page draws as one point, and one line of the
 * history's {@code minutes.jsonl}.
 *
 * @param t the minute's start, Unix seconds (a multiple of 60)
 * @param checks checks that ended in it
 * @param ok those answered 200 by the target
 * @param blocks those answered with a hard or soft block
 * @param errors those that failed without an answer from the target, or with a target error
 * @param p50 the median of each phase of the successful checks, seconds, by phase name (phases seen only)
 * @param p99 their 99th percentile, seconds
 * @param exits distinct exit IPs the target saw
 * @param subnets distinct /24s (IPv6: /48s) among them
 * @param handshakes tunnels opened (each a proxy handshake)
 * @param bytes bytes on the wire, both directions, handshakes included
 * @param reused checks sent on a tunnel already open (a failed check that got no tunnel is neither this nor a
 *     handshake)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Minute(@JsonProperty("t") long t, @JsonProperty("checks") long checks, @JsonProperty("ok") long ok,
        @JsonProperty("blocks") long blocks, @JsonProperty("errors") long errors,
        @JsonProperty("p50") Map<String, Double> p50, @JsonProperty("p99") Map<String, Double> p99,
        @JsonProperty("exits") int exits, @JsonProperty("subnets") int subnets,
        @JsonProperty("handshakes") long handshakes, @JsonProperty("bytes") long bytes,
        @JsonProperty("reused") long reused) {

    public Minute {
        p50 = p50 == null ? Map.of() : Map.copyOf(p50);
        p99 = p99 == null ? Map.of() : Map.copyOf(p99);
    }

    /** A minute whose checks each opened a tunnel or reused one: {@code reused} is the checks less the handshakes. */
    public Minute(long t, long checks, long ok, long blocks, long errors, Map<String, Double> p50,
            Map<String, Double> p99, int exits, int subnets, long handshakes, long bytes) {
        this(t, checks, ok, blocks, errors, p50, p99, exits, subnets, handshakes, bytes,
                Math.max(0, checks - handshakes));
    }
}
