package io.proxybench.experiments.sessions;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Seed 002's rotation-vs-sticky comparison, as measured.
 *
 * @param concurrency workers in each fixed-concurrency run
 * @param seconds how long each fixed-concurrency run sent requests, seconds
 * @param modes rotation first, then sticky
 * @param throughputRatio sticky over rotation steady throughput; null when either run had no steady window
 * @param bursts the sticky session's burst, then the rotating one's
 */
public record SessionsResult(
        @JsonProperty("concurrency") int concurrency,
        @JsonProperty("seconds") double seconds,
        @JsonProperty("modes") List<SessionsMode> modes,
        @JsonProperty("throughput_ratio") Double throughputRatio,
        @JsonProperty("bursts") List<SessionsBurst> bursts) {}
