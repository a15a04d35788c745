package io.proxybench.client.internal.exchange;

import io.proxybench.client.Headers;
import io.proxybench.client.event.CloseReason;
import java.io.IOException;

/**
 * Told how an exchange on a connection goes, on the connection's event loop: when it starts (with the handle that
 * aborts it), the final response's head (answered with where its body goes), then its end, once, whole or failed.
 * Methods, not result objects, so that the path of every request makes none.
 */
public interface ExchangeCallback {

    /** The connection took the exchange; {@code abort} ends it early. Told before anything else. */
    default void started(ExchangeAbort abort) {}

    /**
     * The final response's head (1xx heads are not told).
     *
     * @param reads the body's pace, for a sink that reads as its consumer does
     * @return where the body goes
     * @throws IOException to fail the exchange, e.g. a body announced over a limit
     */
    BodySink head(int status, Headers headers, ReadControl reads) throws IOException;

    /**
     * The whole response arrived.
     *
     * @param bodyBytes the body's length after transfer decoding, every byte the sink was given
     * @param closeReason why the connection takes no further request, or null when it can carry another
     */
    void answered(long bodyBytes, CloseReason closeReason);

    /** No whole response: the connection, the stream, the request or the body's sink failed with {@code cause}. */
    void failed(Throwable cause);
}
