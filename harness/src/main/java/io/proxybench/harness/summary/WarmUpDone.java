package io.proxybench.harness.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * The warm-up a run had before its schedule: requests at the schedule's peak rate whose records and counters were
 * discarded, so that the client's own cold start (class loading, the JIT) is not in the figures.
 *
 * @param seconds how long it sent
 * @param ratePerSec at what rate, requests per second; 0 for a closed loop's, which runs its workers
 * @param requests how many it sent
 * @param byDefault whether it was the default for the rate rather than a length asked for with {@code --warmup}
 */
public record WarmUpDone(@JsonProperty("seconds") double seconds, @JsonProperty("rate_per_s") double ratePerSec,
        @JsonProperty("requests") long requests, @JsonProperty("by_default") boolean byDefault) {

    /** One line for the summary, saying what was left out and how to change it. */
    public String line() {
        String rate = ratePerSec > 0 ? String.format(Locale.ROOT, " at %,.0f req/s", ratePerSec) : "";
        return String.format(Locale.ROOT, "warm-up: %s s%s before the schedule, %,d requests not in the records or"
                + " figures (%s)", trim(seconds), rate, requests, byDefault
                        ? "the default for this rate; --warmup DURATION sets another length, --warmup none sends"
                                + " nothing unrecorded"
                        : "--warmup");
    }

    private static String trim(double seconds) {
        return seconds == Math.rint(seconds) ? String.valueOf((long) seconds)
                : String.format(Locale.ROOT, "%.1f", seconds);
    }
}
