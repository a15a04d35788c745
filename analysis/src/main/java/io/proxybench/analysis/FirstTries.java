package io.proxybench.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.proxybench.records.RequestRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * First tries counted apart from retries.
 *
 * @param ok requests that succeeded (status 200) on their first send
 * @param retried requests sent more than once
 * @param retries sends after the first, over all requests
 * @param okAfterRetry retried requests that succeeded in the end
 * @param firstErrors the retried requests' first errors, by label
 */
public record FirstTries(
        @JsonProperty("ok") long ok,
        @JsonProperty("retried") long retried,
        @JsonProperty("retries") long retries,
        @JsonProperty("ok_after_retry") long okAfterRetry,
        @JsonProperty("first_errors") Map<String, Long> firstErrors) {

    public static FirstTries of(List<RequestRecord> records) {
        long ok = 0;
        long retried = 0;
        long retries = 0;
        long okAfterRetry = 0;
        Map<String, Long> firstErrors = new TreeMap<>();
        for (RequestRecord r : records) {
            int sends = r.attempt() == null ? 1 : r.attempt();
            if (sends <= 1) {
                ok += r.ok() ? 1 : 0;
                continue;
            }
            retried++;
            retries += sends - 1;
            okAfterRetry += r.ok() ? 1 : 0;
            if (r.firstError() != null) {
                firstErrors.merge(r.firstError(), 1L, Long::sum);
            }
        }
        return new FirstTries(ok, retried, retries, okAfterRetry, firstErrors);
    }
}
