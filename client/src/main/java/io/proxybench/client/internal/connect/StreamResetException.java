package io.proxybench.client.internal.connect;

import io.netty.handler.codec.http2.Http2Error;
import java.io.IOException;

/**
 * An HTTP/2 CONNECT stream ended by the peer with RST_STREAM (or left behind by its GOAWAY): the tunnel is gone,
 * the proxy's other streams may go on. An {@link IOException}, as the TCP reset it stands for would be.
 */
public final class StreamResetException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long errorCode;
    private final boolean goAway;

    /**
     * @param frame what ended the stream, e.g. {@code RST_STREAM}
     * @param errorCode the HTTP/2 error code (RFC 9113 section 7), e.g. 0xa CONNECT_ERROR
     */
    public StreamResetException(String frame, long errorCode) {
        super(frame + " " + name(errorCode) + " (0x" + Long.toHexString(errorCode) + ") on the tunnel's stream");
        this.errorCode = errorCode;
        this.goAway = frame.equals("GOAWAY");
    }

    /** True when the proxy's GOAWAY, not a RST_STREAM, ended the stream: the whole connection takes no new ones. */
    public boolean goAway() {
        return goAway;
    }

    public long errorCode() {
        return errorCode;
    }

    private static String name(long code) {
        Http2Error error = Http2Error.valueOf(code);
        return error == null ? "UNKNOWN" : error.name();
    }
}
