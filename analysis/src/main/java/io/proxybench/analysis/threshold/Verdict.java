package io.proxybench.analysis.threshold;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * A threshold held to a run.
 *
 * @param threshold the condition as given
 * @param figure the figure it holds to
 * @param value the figure's value in its canonical unit; null when the run leaves it undefined
 * @param shown that value in the figure's unit
 * @param limit the limit in the figure's unit
 * @param failed whether the run failed the threshold: the condition held, or the figure is undefined
 */
public record Verdict(@JsonProperty("threshold") String threshold, @JsonProperty("figure") String figure,
        @JsonProperty("value") Double value, @JsonProperty("shown") String shown,
        @JsonProperty("limit") String limit, @JsonProperty("failed") boolean failed) {

    /**
     * One line of a report, saying plainly whether the run stayed within the threshold, its condition read as the
     * failure it names: {@code threshold held (fail if p99(total) > 800ms): p99(total) is 512.0ms}, or {@code
     * threshold FAILED (fail if p99(total) > 800ms): p99(total) is 912.0ms}.
     */
    public String line() {
        return String.format(Locale.ROOT, "threshold %s (fail if %s): %s is %s%s", failed ? "FAILED" : "held",
                threshold, figure, shown, value == null ? " (a threshold that cannot be checked fails)" : "");
    }
}
