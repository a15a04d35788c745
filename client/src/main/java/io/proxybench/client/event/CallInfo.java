package io.proxybench.client.event;

import java.net.URI;

/**
 * One call as listeners see it.
 *
 * @param id the client's call number, from 1
 * @param method the request's method, e.g. {@code GET}
 * @param uri the request's URL, as given
 * @param sessionKey the key the session router was asked about (task or worker), or null
 * @param attempt 1 for the first try, 2 for the retry of a reused connection that failed before any response byte
 */
public record CallInfo(long id, String method, URI uri, String sessionKey, int attempt) {

    /**
     * The same call on its next attempt.
     *
     * @return this call with {@code attempt} one higher
     */
    public CallInfo retry() {
        return new CallInfo(id, method, uri, sessionKey, attempt + 1);
    }
}
