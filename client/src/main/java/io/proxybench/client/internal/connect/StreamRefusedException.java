package io.proxybench.client.internal.connect;

/**
 * An HTTP/2 proxy answered a CONNECT stream with a status other than 2xx (RFC 9113 section 8.5): the tunnel was not
 * opened; the proxy's other streams are unaffected. The message names the status and the proxy's reason, never the
 * credentials sent.
 */
public final class StreamRefusedException extends TunnelRefusedException {

    private static final long serialVersionUID = 1L;

    /** @param reason the proxy's words, from {@link RefusalReason}; null when it gave none */
    public StreamRefusedException(String authority, int status, String reason) {
        super("the proxy answered CONNECT " + authority + " with status " + status
                + (reason == null ? "" : ": " + reason), status, reason, null);
    }
}
