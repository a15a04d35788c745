package io.proxybench.experiments.sizepool;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.analysis.report.Cells;
import java.util.Locale;

/**
 * A target's per-IP limit as a token bucket: each address starts with {@code burst} tokens, holds at most that many,
 * and gets {@code ratePerSec} back per second; a request takes one or is rejected (HTTP 429).
 *
 * @param burst tokens an address starts with and can hold, at least 1
 * @param ratePerSec tokens added per second: the steady requests per second one address may send, above 0
 */
public record BucketLimit(
        @JsonProperty("burst") int burst,
        @JsonProperty("rate_per_s") double ratePerSec) {

    public BucketLimit {
        if (burst < 1 || !(ratePerSec > 0) || Double.isInfinite(ratePerSec)) {
            throw new IllegalArgumentException("a per-IP bucket needs a burst of at least 1 and a finite rate above"
                    + " 0 per second, got burst " + burst + " and rate " + ratePerSec);
        }
    }

    /**
     * Parses {@code BURST:RATE}, e.g. {@code 4:2} for a burst of 4 then 2 requests per second.
     *
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static BucketLimit parse(String text) {
        String[] parts = text.strip().split(":");
        try {
            if (parts.length == 2) {
                return new BucketLimit(Integer.parseInt(parts[0].strip()), Double.parseDouble(parts[1].strip()));
            }
        } catch (NumberFormatException e) {
            // fall through to the message that names the form
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bucket '" + text + "': " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("bucket '" + text + "' is not BURST:RATE, e.g. 4:2 for a burst of 4 then"
                + " 2 requests per second");
    }

    /**
     * Seed 002's rule of thumb: twice the request rate over the per-IP rate, rounded up. At exactly {@code rate /
     * ratePerSec} sessions every address runs at its limit, and a random spread overloads some of them.
     */
    public int ruleOfThumbSessions(double requestsPerSec) {
        return (int) Math.ceil(2 * requestsPerSec / ratePerSec - 1e-9);
    }

    /** {@code burst 4, 2/s}. */
    public String label() {
        return String.format(Locale.ROOT, "burst %d, %s/s", burst, Cells.plain(ratePerSec));
    }
}
