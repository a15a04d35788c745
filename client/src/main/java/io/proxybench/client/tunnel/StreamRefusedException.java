package io.proxybench.client.tunnel;

import io.netty.handler.proxy.ProxyConnectException;

/**
 * An HTTP/2 proxy answered a CONNECT stream with a status other than 2xx (RFC 9113 section 8.5): the tunnel was not
 * opened; the proxy's other streams are unaffected. The message names the status, never the credentials sent.
 */
public final class StreamRefusedException extends ProxyConnectException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public StreamRefusedException(String authority, int status) {
        super("the proxy answered CONNECT " + authority + " with status " + status);
        this.status = status;
    }

    /** The {@code :status} of the proxy's answer, e.g. 407 or 502. */
    public int status() {
        return status;
    }
}
