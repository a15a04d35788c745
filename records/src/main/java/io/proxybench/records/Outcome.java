package io.proxybench.records;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/** Seed 002's five outcomes of a request, written in snake case in the records. */
public enum Outcome {
    /** The target answered with the data asked for. */
    @JsonProperty("data") DATA,
    /** The target refused outright (e.g. 403, 429, a challenge page). */
    @JsonProperty("hard_block") HARD_BLOCK,
    /** The target answered 200 but without the data (e.g. a much smaller decoy body). */
    @JsonProperty("soft_block") SOFT_BLOCK,
    /** The target itself failed (e.g. 5xx not caused by the proxy). */
    @JsonProperty("target_error") TARGET_ERROR,
    /** The proxy failed before the target answered (setup error, CONNECT refused, timeout). */
    @JsonProperty("proxy_failure") PROXY_FAILURE;

    /** Records per outcome, all five in order (0 for none), keyed by {@link #jsonName()}; absent outcomes skipped. */
    public static Map<String, Long> tally(Stream<Outcome> outcomes) {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Outcome o : values()) {
            counts.put(o.jsonName(), 0L);
        }
        outcomes.filter(Objects::nonNull).forEach(o -> counts.merge(o.jsonName(), 1L, Long::sum));
        return counts;
    }

    /** The name the records use, e.g. {@code hard_block}. */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
