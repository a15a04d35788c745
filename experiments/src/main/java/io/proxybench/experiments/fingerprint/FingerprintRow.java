package io.proxybench.experiments.fingerprint;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The fingerprint one way of reaching the target got.
 *
 * @param mode e.g. {@code direct}, {@code http CONNECT}
 * @param ja4 the JA4 the target reported; null when the request failed
 * @param error why there is no fingerprint, as an error label or a sentence; null when there is one
 * @param sameAsFirst whether it equals the first mode's (direct's) fingerprint
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FingerprintRow(
        @JsonProperty("mode") String mode,
        @JsonProperty("ja4") String ja4,
        @JsonProperty("error") String error,
        @JsonProperty("same_as_direct") boolean sameAsFirst) {}
