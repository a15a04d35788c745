package io.proxybench.experiments.ramp;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A ramp as run: where it went, its steps up to the first one past a threshold, and the verdict.
 *
 * @param proxies the proxies the workers used (worker {@code w} the {@code w mod n}-th), passwords masked
 * @param url the origin requested
 * @param labLimit the embedded lab's per-user concurrency limit when the ramp ran on the lab (0 for none); null
 *     against a real proxy
 * @param stepSeconds how long each step's workers sent requests, seconds
 * @param maxErrors the share of a step's requests that may fail
 * @param maxP99Ms the p99 a step's successes may reach, milliseconds; null for none
 * @param steps in the order they ran, rising concurrency; the last one is the first past a threshold, if any was
 */
public record RampResult(
        @JsonProperty("proxies") List<String> proxies,
        @JsonProperty("url") String url,
        @JsonProperty("lab_limit") Integer labLimit,
        @JsonProperty("step_seconds") double stepSeconds,
        @JsonProperty("max_errors") double maxErrors,
        @JsonProperty("max_p99_ms") Double maxP99Ms,
        @JsonProperty("steps") List<RampStep> steps,
        @JsonProperty("verdict") RampVerdict verdict) {}
