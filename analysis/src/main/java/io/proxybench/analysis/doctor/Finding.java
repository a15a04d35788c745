package io.proxybench.analysis.doctor;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One likely cause, with the figures that point to it and what to change.
 *
 * @param cause {@link Cause#label()}
 * @param title the cause in words
 * @param per1000 requests it cost per 1,000 answered requests: new connections it opened, or (pool limit) requests
 *     that waited for a slot; findings are ranked by it
 * @param count those connections or requests
 * @param evidence the figures from the records (and counters) that point to the cause
 * @param fix what to change
 */
public record Finding(
        @JsonProperty("cause") String cause,
        @JsonProperty("title") String title,
        @JsonProperty("per_1000") double per1000,
        @JsonProperty("count") int count,
        @JsonProperty("evidence") String evidence,
        @JsonProperty("fix") String fix) {

    static Finding of(Cause cause, int count, int answered, String evidence, String fix) {
        return new Finding(cause.label(), cause.title(), answered == 0 ? 0 : 1000.0 * count / answered, count,
                evidence, fix);
    }
}
