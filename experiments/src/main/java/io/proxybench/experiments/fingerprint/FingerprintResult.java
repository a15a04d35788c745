package io.proxybench.experiments.fingerprint;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The client's JA4 per way of reaching the target.
 *
 * @param target the URL that reported the fingerprints
 * @param rows one per mode, the reference (direct) first
 * @param unchanged whether every mode got the reference's fingerprint
 */
public record FingerprintResult(
        @JsonProperty("target") String target,
        @JsonProperty("rows") List<FingerprintRow> rows,
        @JsonProperty("unchanged") boolean unchanged) {

    static FingerprintResult of(String target, List<FingerprintRow> rows) {
        return new FingerprintResult(target, List.copyOf(rows), rows.stream().allMatch(FingerprintRow::sameAsFirst));
    }
}
