package io.proxybench.client.internal.exchange;

import java.io.IOException;

/**
 * The response had begun (its head arrived) when its connection or stream closed before the body ended: a server
 * that died or dropped the connection mid-body. Unlike {@link NoResponseException}, the server did take the request.
 */
public final class TruncatedResponseException extends IOException {

    private static final long serialVersionUID = 1L;

    public TruncatedResponseException(String message) {
        super(message);
    }
}
