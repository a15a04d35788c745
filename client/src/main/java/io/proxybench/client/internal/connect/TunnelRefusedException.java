package io.proxybench.client.internal.connect;

import io.netty.handler.proxy.ProxyConnectException;

/**
 * A proxy answered CONNECT with a status other than 2xx: the tunnel was not opened. Over HTTP/1.1 its cause is
 * Netty's {@code HttpProxyConnectException}, which keeps the answer's headers and drops its body; an HTTP/2 CONNECT
 * stream's refusal is a {@link StreamRefusedException}. The message and the reason never contain the credentials
 * sent.
 */
public class TunnelRefusedException extends ProxyConnectException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String reason;

    /**
     * @param message what failed, ending with {@code reason} when there is one
     * @param reason the proxy's words, from {@link RefusalReason}; null when it gave none
     * @param cause the error the refusal was reported as, or null
     */
    public TunnelRefusedException(String message, int status, String reason, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.reason = reason;
    }

    /** The status of the proxy's answer, e.g. 407 or 502. */
    public int status() {
        return status;
    }

    /** Why the proxy refused, in its words as {@link RefusalReason} reads them; null when it gave none. */
    public String reason() {
        return reason;
    }
}
