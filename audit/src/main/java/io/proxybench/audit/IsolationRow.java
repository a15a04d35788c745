package io.proxybench.audit;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Two sticky sessions on one gateway through one client, requests alternating one at a time: which exit each
 * answer came from, against the exit its session holds (learnt just before, through proxybench's client).
 *
 * @param client the library
 * @param mode {@link #ONE_CLIENT} (one client, each request with its session's credentials the library's way) or
 *     {@link #WORKAROUND}
 * @param how what the mode did, in the library's terms; for a client that cannot carry two credential sets, why not
 * @param requests requests sent, half per session; 0 when the mode was not run
 * @param ok answers from their own session's exit
 * @param mixed answers from the other session's exit: the request went over the other session's tunnel, or with
 *     its credentials
 * @param elsewhere answers from neither session's exit (a session lost its exit, or the answer came through a
 *     rotating tunnel)
 * @param failed requests without a 200 answer
 * @param error the first failure, credentials masked; null without one
 * @param verdict {@link #MIXES} when any answer was mixed, {@link #APART} when every answer came from its own
 *     session's exit, {@link #UNCLEAR} otherwise (failures or answers from elsewhere, none mixed), {@link #NOT_RUN}
 *     when the client cannot carry two credential sets in one instance
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
        @JsonProperty("error") String error,
        @JsonProperty("verdict") String verdict) {

    public static final String ONE_CLIENT = "one client";
    public static final String WORKAROUND = "workaround";

    public static final String MIXES = "mixes";
    public static final String APART = "apart";
    public static final String UNCLEAR = "unclear";
    public static final String NOT_RUN = "n/a";

    /** A row as measured, its verdict from its counts. */
    static IsolationRow measured(String client, String mode, String how, int requests, int ok, int mixed,
            int elsewhere, int failed, String error) {
        String verdict = mixed > 0 ? MIXES : ok == requests ? APART : UNCLEAR;
        return new IsolationRow(client, mode, how, requests, ok, mixed, elsewhere, failed, error, verdict);
    }

    /** A mode that was not run, with why. */
    static IsolationRow notRun(String client, String mode, String why) {
        return new IsolationRow(client, mode, why, 0, 0, 0, 0, 0, null, NOT_RUN);
    }

    /** Whether any answer came from the other session's exit. */
    public boolean mixes() {
        return MIXES.equals(verdict);
    }
}
