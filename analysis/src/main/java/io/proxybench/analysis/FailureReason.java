package io.proxybench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Locale;

/**
 * How many failed records carried one reason the proxy gave (a refused CONNECT's {@code Proxy-Status} or first body
 * line, a SOCKS5 reply in words) with one error label.
 *
 * @param error the records' error label, e.g. {@code connect_502}
 * @param reason what the proxy said, as recorded (at most 160 characters, credentials masked)
 * @param count records with both
 */
public record FailureReason(@JsonProperty("error") String error, @JsonProperty("reason") String reason,
        @JsonProperty("count") long count) {

    /** {@code 150 × connect_502: the lab's exits have no state or city}. */
    public String line() {
        return String.format(Locale.ROOT, "%,d × %s: %s", count, error, reason);
    }
}
