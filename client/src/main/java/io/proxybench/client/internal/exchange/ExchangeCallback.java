package io.proxybench.client.internal.exchange;

import io.netty.handler.codec.http.HttpHeaders;
import io.proxybench.client.event.CloseReason;

/**
 * Told once how an exchange on a connection ended: a method with the response's parts, so that the path of every
 * request makes no result object.
 */
public interface ExchangeCallback {

    /**
     * The whole response arrived.
     *
     * @param body the body, cut at the client's body limit ({@code bodyBytes} counts all of it)
     * @param closeReason why the connection takes no further request, or null when it can carry another
     */
    void answered(int status, HttpHeaders headers, byte[] body, long bodyBytes, CloseReason closeReason);

    /** No whole response: the connection, the stream or the request failed with {@code cause}. */
    void failed(Throwable cause);
}
