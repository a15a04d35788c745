package io.proxybench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A finished window's figures, from its run's {@code --json} summary.
 *
 * @param records the run's records, one per scheduled request
 * @param ok the records with status 200
 * @param steadyPerSecond the steady window's median of successful requests per second; null when the run had none
 *     (no success, or too short a run)
 * @param p99Ms the 99th percentile of the successful requests' total latency, in milliseconds; null without a
 *     success
 * @param warnings the run's warnings: what makes its figures the client's rather than the provider's
 */
record WindowFigures(long records, long ok, Double steadyPerSecond, Double p99Ms, List<String> warnings) {

    /** The figures of a run's summary as {@code run --json} prints it. */
    static WindowFigures of(JsonNode summary) {
        JsonNode steady = summary.path("steady").path("median");
        JsonNode p99 = summary.path("phases_ms").path("total").path("p99");
        List<String> warnings = new ArrayList<>();
        summary.path("warnings").forEach(w -> warnings.add(w.asText()));
        return new WindowFigures(summary.path("scheduled").asLong(), summary.path("ok").asLong(),
                steady.isNumber() ? steady.asDouble() : null, p99.isNumber() ? p99.asDouble() : null,
                List.copyOf(warnings));
    }

    /** {@code 1200 records, 1180 ok, steady 20 req/s, p99 35.1 ms}; {@code -} for a figure the run lacks. */
    String text() {
        return String.format(Locale.ROOT, "%d records, %d ok, steady %s req/s, p99 %s ms", records, ok,
                steadyPerSecond == null ? "-" : number(steadyPerSecond), p99Ms == null ? "-" : number(p99Ms));
    }

    /** One decimal, none for a whole number. */
    static String number(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
