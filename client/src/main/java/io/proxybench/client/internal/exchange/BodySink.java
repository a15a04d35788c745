package io.proxybench.client.internal.exchange;

import io.netty.buffer.ByteBuf;
import java.io.IOException;

/** Where a response's body goes, chunk by chunk, on the connection's event loop. */
public interface BodySink {

    /**
     * {@code length} body bytes (after transfer decoding) at {@code index} of {@code buf}, valid during the call only:
     * a sink copies what it keeps.
     *
     * @throws IOException to fail the exchange, e.g. a body over a limit; the connection then carries no other
     */
    void content(ByteBuf buf, int index, int length) throws IOException;
}
