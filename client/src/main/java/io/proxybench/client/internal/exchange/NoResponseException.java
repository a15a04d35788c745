package io.proxybench.client.internal.exchange;

import java.io.IOException;

/**
 * The connection failed or closed before any byte of the response arrived. On a reused connection this usually
 * means the server had already given up on it, so the request may be retried once on a new connection.
 */
public final class NoResponseException extends IOException {

    private static final long serialVersionUID = 1L;

    public NoResponseException(String message, Throwable cause) {
        super(message, cause);
    }
}
