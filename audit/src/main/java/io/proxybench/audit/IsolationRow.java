package io.proxybench.audit;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Two sticky sessions on one gateway through one client, requests alternating one at a time: which exit each
 * answer came from, against the exit its session holds.
 *
 * @param client the library
 * @param mode {@code one client} (one client, each request with its session's credentials the library's way) or
 *     {@code workaround}
 * @param how what the mode did, in the library's terms
 * @param requests requests sent, half per session
 * @param ok answers from their own session's exit
 * @param mixed answers from the other session's exit: the request went over the other session's tunnel (or
 *     credentials)
 * @param elsewhere answers from neither session's exit (the session lost its exit, or a rotating tunnel)
 * @param failed requests without a 200 answer
 * @param error the first failure, credentials masked; null without one
 */
public record IsolationRow(
        @JsonProperty("client") String client,
        @JsonProperty("mode") String mode,
        @JsonProperty("how") String how,
        @JsonProperty("requests") int requests,
        @JsonProperty("ok") int ok,
        @JsonProperty("mixed") int mixed,
        @JsonProperty("elsewhere") int elsewhere,
        @JsonProperty("failed") int failed,
        @JsonProperty("error") String error) {

    public static final String ONE_CLIENT = "one client";
    public static final String WORKAROUND = "workaround";

    /** Whether any answer came from the other session's exit. */
    public boolean mixes() {
        return mixed > 0;
    }
}
