package io.proxybench.client.internal.redirect;

import java.util.Objects;

/**
 * A redirect the client will not follow: its Location is not a URL it can request, or following it would break the
 * {@link io.proxybench.client.RedirectPolicy}. The message names the problem and what to change; the redirect's
 * response is the caller's to release.
 */
public final class RedirectException extends Exception {

    private static final long serialVersionUID = 1L;

    /** What is wrong, for a caller that labels failures. */
    public enum Problem {
        /** The Location is empty, unparseable, not http(s), without a host or with a bad port or character. */
        BAD_LOCATION,
        /** The chain already has as many redirects as the policy allows. */
        TOO_MANY_HOPS,
        /** The chain came back to a URL it had requested twice already. */
        LOOP,
        /** An https request redirected to http, which the policy refuses. */
        HTTPS_TO_HTTP
    }

    private final Problem problem;

    /**
     * A refused redirect.
     *
     * @param problem what is wrong
     * @param message what is wrong and what to change, for a person
     */
    public RedirectException(Problem problem, String message) {
        super(message);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /**
     * What is wrong.
     *
     * @return the problem, never null
     */
    public Problem problem() {
        return problem;
    }
}
