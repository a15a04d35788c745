package io.proxybench.analysis.diagnosis;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * What broke when a run's first requests all failed in setup, in words a user can act on.
 *
 * @param problem what happened, naming the side at fault, e.g. {@code the proxy at 127.0.0.1:3128 refused the
 *     credentials (407 Proxy Authentication Required)}
 * @param fix what to do about it, e.g. {@code check the user name and password given in --proxy}
 * @param error the error label the failures shared, e.g. {@code connect_407}
 * @param reason the proxy's own words for it, as recorded; null when it said nothing
 * @param failed how many of the first requests failed with {@code error}
 * @param first how many first requests were looked at
 */
public record Diagnosis(@JsonProperty("problem") String problem, @JsonProperty("fix") String fix,
        @JsonProperty("error") String error, @JsonProperty("reason") String reason,
        @JsonProperty("failed") long failed, @JsonProperty("first") long first) {

    /**
     * The diagnosis as lines: what happened (with the proxy's reason), the evidence, and the fix.
     */
    public String text() {
        StringBuilder s = new StringBuilder(problem);
        if (reason != null) {
            s.append(": \"").append(reason).append('"');
        }
        s.append(String.format(Locale.ROOT, "%n  %,d of the first %,d requests failed with %s%n  fix: %s%n", failed,
                first, error, fix));
        return s.toString();
    }
}
