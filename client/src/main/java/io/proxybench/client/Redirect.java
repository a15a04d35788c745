package io.proxybench.client;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One redirect a call followed: the response's status, the URL that answered with it, the request it led to and, for
 * a redirect the client followed, the redirecting response itself (its timings, connection and wire bytes). A
 * response lists its redirects in order, the first one's {@link #from()} being the call's URL and each {@link #to()}
 * the next one's {@link #from()}.
 */
public final class Redirect {

    private static final Set<Integer> STATUSES = Set.of(301, 302, 303, 307, 308);

    private final int status;
    private final URI from;
    private final URI to;
    private final String method;
    /** The redirecting response, its body dropped; null for a redirect made with {@link #of}. */
    private final ProxyResponse response;

    private Redirect(int status, URI from, URI to, String method, ProxyResponse response) {
        this.status = status;
        this.from = from;
        this.to = to;
        this.method = method;
        this.response = response;
    }

    /**
     * A followed redirect.
     *
     * @param status 301, 302, 303, 307 or 308
     * @param from the absolute URL whose response redirected
     * @param to the absolute URL requested next
     * @param method the method of the request to {@code to}, e.g. {@code GET} after a 303
     * @return the redirect
     * @throws NullPointerException if {@code from}, {@code to} or {@code method} is null
     * @throws IllegalArgumentException if {@code status} is not a redirect the client follows
     */
    public static Redirect of(int status, URI from, URI to, String method) {
        if (!STATUSES.contains(status)) {
            throw new IllegalArgumentException("status " + status + " is not a redirect the client follows (301, 302,"
                    + " 303, 307 or 308)");
        }
        return new Redirect(status, Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"),
                Objects.requireNonNull(method, "method"), null);
    }

    /**
     * This redirect with the response that made it.
     *
     * @param response the redirecting response as the client read it, its wire bytes this hop's own
     * @return a new redirect
     * @throws IllegalArgumentException if the response's status is not this redirect's
     */
    public Redirect withResponse(ProxyResponse response) {
        if (response.status() != status) {
            throw new IllegalArgumentException("a response of status " + response.status() + " did not make a "
                    + status + " redirect");
        }
        return new Redirect(status, from, to, method, response);
    }

    /**
     * The redirect's status.
     *
     * @return 301, 302, 303, 307 or 308
     */
    public int status() {
        return status;
    }

    /**
     * The URL whose response redirected.
     *
     * @return an absolute URL
     */
    public URI from() {
        return from;
    }

    /**
     * The URL requested next: the {@code Location} resolved against {@link #from()}, with {@code from}'s fragment
     * when it had none (neither is sent).
     *
     * @return an absolute {@code http} or {@code https} URL
     */
    public URI to() {
        return to;
    }

    /**
     * The method of the request to {@link #to()}.
     *
     * @return e.g. {@code GET}
     */
    public String method() {
        return method;
    }

    /**
     * The redirecting response, as the client read it: its headers, its timings, the connection that carried it,
     * and the wire bytes of this hop alone (its body was read and dropped: {@code body} is empty). The call's
     * final response counts every hop's wire bytes, this one's included.
     *
     * @return the response; empty for a redirect made with {@link #of} alone
     */
    public Optional<ProxyResponse> response() {
        return Optional.ofNullable(response);
    }

    /** Equal to a redirect of the same status, URLs and method, whatever response either carries. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Redirect r && r.status == status && r.from.equals(from) && r.to.equals(to)
                && r.method.equals(method);
    }

    @Override
    public int hashCode() {
        return Objects.hash(status, from, to, method);
    }

    /**
     * The redirect in one line, e.g. {@code 302 http://a/x -> GET http://a/y}.
     *
     * @return the text
     */
    @Override
    public String toString() {
        return status + " " + from + " -> " + method + " " + to;
    }
}
