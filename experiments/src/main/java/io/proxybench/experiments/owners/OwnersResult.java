package io.proxybench.experiments.owners;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The owners experiment (seed 001): both lanes at every concurrency.
 *
 * @param forwardIdleCap the lab gateway's forward idle cap per exit and origin; null against a real proxy
 * @param targetRttMs the round trip the lab injected between its exits and the target, milliseconds; null against a
 *     real proxy
 * @param stream {@code bursts} or {@code workers}, see {@link OwnersExperiment.Stream}
 * @param rounds a level sent {@code concurrency * rounds} requests: this many bursts, or this many per worker
 * @param rows per concurrency, the forward lane then the SOCKS5 lane
 */
public record OwnersResult(
        @JsonProperty("forward_idle_cap") Integer forwardIdleCap,
        @JsonProperty("target_rtt_ms") Double targetRttMs,
        @JsonProperty("stream") String stream,
        @JsonProperty("rounds") int rounds,
        @JsonProperty("rows") List<OwnersRow> rows) {}
