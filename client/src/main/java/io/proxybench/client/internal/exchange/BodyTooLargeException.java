package io.proxybench.client.internal.exchange;

import java.io.IOException;

/** A body over the limit of the call's buffered body: it is never returned cut. */
public final class BodyTooLargeException extends IOException {

    private static final long serialVersionUID = 1L;

    BodyTooLargeException(long limit, long contentLength) {
        super((contentLength >= 0 ? "the response body is " + String.format("%,d", contentLength) + " bytes,"
                : "the response body is") + " over the " + String.format("%,d", limit) + "-byte limit of a buffered"
                + " body (maxBodyBytes): raise maxBodyBytes, or stream it (ProxyClient.stream)");
    }
}
