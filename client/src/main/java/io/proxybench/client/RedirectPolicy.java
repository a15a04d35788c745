package io.proxybench.client;

/**
 * Which redirects the client follows: {@link #none()}, or {@link #normal()} as browsers follow them, with a cap on
 * hops and https to http refused unless allowed. Immutable; {@code RedirectPolicy.normal().withMaxHops(5)}.
 *
 * <p>Under a policy that follows, a response with status 301, 302, 303, 307 or 308 and a {@code Location} is
 * followed; any other status, and a 3xx without a {@code Location}, is the response as it is. The next request is
 * built so:
 * <ul>
 *   <li><b>Method and body.</b> 301 and 302 turn a {@code POST} into a {@code GET} without a body; any other method
 *       keeps its method and body (the Fetch standard, which browsers follow). 303 turns any method into
 *       {@code GET} without a body, except {@code HEAD}, which stays {@code HEAD}. 307 and 308 keep the method and
 *       the body (a body file is read again). When the body goes, so do the caller's {@code Content-Length},
 *       {@code Content-Type}, {@code Content-Encoding}, {@code Content-Language}, {@code Content-Location} and
 *       {@code Transfer-Encoding} headers.</li>
 *   <li><b>Headers.</b> To another origin (scheme, host or port differ: {@code http://h} and {@code https://h} are
 *       two origins) the caller's {@code Authorization}, {@code Cookie} and {@code Host} headers are dropped.
 *       {@code Proxy-Authorization} is dropped on every hop: proxy credentials belong in the proxy, not in a header
 *       that travels. Other headers go as given.</li>
 *   <li><b>Same exit.</b> Each hop keeps the request's proxy and session key, and may use an open connection: a
 *       redirect never switches exits.</li>
 *   <li><b>Location.</b> Resolved against the request's URL (RFC 3986), leniently as browsers and curl are: a space
 *       or a byte outside ASCII is percent-encoded, a backslash before the query reads as {@code /}. A Location
 *       that is empty, not a URL, not {@code http} or {@code https}, without a host, with a port outside 1 to
 *       65535 or with a control character fails the call.</li>
 *   <li><b>Limits.</b> A chain of more than {@link #maxHops()} redirects fails the call. So does a loop: a URL
 *       requested a third time in one chain. A second visit is allowed, as a cookie check or a login round trip
 *       needs; browsers only cap hops. A redirect from {@code https} to {@code http} fails the call unless
 *       {@link #allowingHttpsToHttp()}.</li>
 * </ul>
 * The response lists the redirects it followed, as {@link Redirect}s.
 */
public final class RedirectPolicy {

    /** The {@link #normal()} cap, as Chrome's and Firefox's. */
    public static final int DEFAULT_MAX_HOPS = 20;

    private static final RedirectPolicy NONE = new RedirectPolicy(false, 0, false);
    private static final RedirectPolicy NORMAL = new RedirectPolicy(true, DEFAULT_MAX_HOPS, false);

    /** Whether any redirect is followed. */
    private final boolean follows;
    /** Redirects one call follows at most; 0 when none are. */
    private final int maxHops;
    /** Whether a redirect from https to http is followed. */
    private final boolean httpsToHttp;

    private RedirectPolicy(boolean follows, int maxHops, boolean httpsToHttp) {
        this.follows = follows;
        this.maxHops = maxHops;
        this.httpsToHttp = httpsToHttp;
    }

    /**
     * Follows no redirect: a 3xx response is the call's response.
     *
     * @return the policy
     */
    public static RedirectPolicy none() {
        return NONE;
    }

    /**
     * Follows redirects as browsers do, at most {@value #DEFAULT_MAX_HOPS} in a chain, and refuses https to http.
     *
     * @return the policy
     */
    public static RedirectPolicy normal() {
        return NORMAL;
    }

    /**
     * This policy with another cap on redirects in one chain.
     *
     * @param maxHops redirects one call follows at most, 1 or more
     * @return a new policy
     * @throws IllegalArgumentException if {@code maxHops} is less than 1
     * @throws IllegalStateException on {@link #none()}, which follows nothing to cap
     */
    public RedirectPolicy withMaxHops(int maxHops) {
        requireFollows("withMaxHops(" + maxHops + ")");
        if (maxHops < 1) {
            throw new IllegalArgumentException("max hops " + maxHops + " is less than 1: to follow no redirect,"
                    + " use RedirectPolicy.none()");
        }
        return new RedirectPolicy(true, maxHops, httpsToHttp);
    }

    /**
     * This policy, following redirects from {@code https} to {@code http} too.
     *
     * @return a new policy
     * @throws IllegalStateException on {@link #none()}, which follows nothing
     */
    public RedirectPolicy allowingHttpsToHttp() {
        requireFollows("allowingHttpsToHttp()");
        return new RedirectPolicy(true, maxHops, true);
    }

    /**
     * Whether any redirect is followed.
     *
     * @return false for {@link #none()}
     */
    public boolean follows() {
        return follows;
    }

    /**
     * Redirects one call follows at most; one more fails it.
     *
     * @return 1 or more, or 0 for {@link #none()}
     */
    public int maxHops() {
        return maxHops;
    }

    /**
     * Whether a redirect from {@code https} to {@code http} is followed.
     *
     * @return true after {@link #allowingHttpsToHttp()}
     */
    public boolean allowsHttpsToHttp() {
        return httpsToHttp;
    }

    private void requireFollows(String call) {
        if (!follows) {
            throw new IllegalStateException("RedirectPolicy.none() follows no redirect, so " + call
                    + " has nothing to set: start from RedirectPolicy.normal()");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RedirectPolicy p && p.follows == follows && p.maxHops == maxHops
                && p.httpsToHttp == httpsToHttp;
    }

    @Override
    public int hashCode() {
        return (follows ? 1 : 0) + 31 * maxHops + (httpsToHttp ? 1024 : 0);
    }

    /**
     * The policy in words, e.g. {@code follow up to 20 redirects, https to http refused}.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return follows ? "follow up to " + maxHops + " redirects, https to http "
                + (httpsToHttp ? "allowed" : "refused") : "follow no redirect";
    }
}
