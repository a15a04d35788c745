package io.proxybench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * First tries counted apart from retries.
 *
 * @param okFirstTry requests that succeeded (status 200) on their first send
 * @param retried requests sent more than once
 * @param retries sends after the first, over all requests
 * @param okAfterRetry retried requests that succeeded in the end
 * @param firstErrors the retried requests' first errors, by label
 */
public record FirstTries(
        @JsonProperty("ok_first_try") long okFirstTry,
        @JsonProperty(FigureNames.RETRIED) long retried,
        @JsonProperty("retries") long retries,
        @JsonProperty("ok_after_retry") long okAfterRetry,
        @JsonProperty("first_errors") Map<String, Long> firstErrors) {}
