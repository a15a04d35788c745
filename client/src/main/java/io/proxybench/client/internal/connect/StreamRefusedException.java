package io.proxybench.client.internal.connect;

import io.netty.handler.proxy.ProxyConnectException;

/**
 * An HTTP/2 proxy answered a CONNECT stream with a status other than 2xx (RFC 9113 section 8.5): the tunnel was not
 * opened; the proxy's other streams are unaffected. The message names the status and the proxy's reason, never the
 * credentials sent.
 */
public final class StreamRefusedException extends ProxyConnectException {

    private static final long serialVersionUID = 1L;

    private final int status;

    /** @param reason what the proxy said in the answer's body, credentials already masked; may be empty */
    public StreamRefusedException(String authority, int status, String reason) {
        super("the proxy answered CONNECT " + authority + " with status " + status
                + (reason.isEmpty() ? "" : ": " + reason));
        this.status = status;
    }

    /** The {@code :status} of the proxy's answer, e.g. 407 or 502. */
    public int status() {
        return status;
    }
}
