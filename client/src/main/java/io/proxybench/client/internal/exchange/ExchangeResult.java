package io.proxybench.client.internal.exchange;

import io.netty.handler.codec.http.HttpHeaders;
import io.proxybench.client.event.CloseReason;

/**
 * A response as the connection saw it, and whether the connection can carry another request.
 *
 * @param body the body, cut at the client's body limit ({@code bodyBytes} counts all of it)
 * @param closeReason why the connection must not be reused, or null when {@code reusable}
 */
public record ExchangeResult(int status, HttpHeaders headers, byte[] body, long bodyBytes, boolean reusable,
        CloseReason closeReason) {}
