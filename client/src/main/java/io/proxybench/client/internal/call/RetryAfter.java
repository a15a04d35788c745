package io.proxybench.client.internal.call;

import io.netty.handler.codec.DateFormatter;
import io.proxybench.client.Headers;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/** A response's {@code Retry-After} (RFC 9110 §10.2.3): seconds, or an HTTP date. */
final class RetryAfter {

    private RetryAfter() {}

    /**
     * The wait the response asks for, measured from {@code now} for a date (zero for a date past); null when it has
     * no {@code Retry-After} or one that is neither form.
     */
    static Duration parse(Headers headers, Instant now) {
        String value = headers == null ? null : headers.get("Retry-After");
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (v.chars().allMatch(Character::isDigit)) {
            return v.length() > 9 ? Duration.ofSeconds(999_999_999) : Duration.ofSeconds(Long.parseLong(v));
        }
        Date date = DateFormatter.parseHttpDate(v);
        if (date == null) {
            return null;
        }
        Duration wait = Duration.between(now, date.toInstant());
        return wait.isNegative() ? Duration.ZERO : wait;
    }
}
